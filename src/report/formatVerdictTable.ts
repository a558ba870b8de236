import { HINT_NAMES } from '../hints/hints.js';
import type { Colors } from './colors.js';
import { formatTable } from './formatTable.js';
import type { Cell } from './formatTable.js';
import type { Report } from './model.js';
import { verdictCell } from './verdictCell.js';

/** One row per tool: tool | readOnly | destructive | idempotent | openWorld | calls | errors. */
export function formatVerdictTable(report: Report, colors: Colors): string[] {
  const header: Cell[] = [
    'tool',
    ...HINT_NAMES.map((hint) => hint.replace(/Hint$/, '')),
    'calls',
    'errors',
  ].map((text) => ({ text, paint: colors.bold }));
  const rows = report.tools.map((tool): Cell[] => [
    { text: tool.name },
    ...HINT_NAMES.map((hint) => verdictCell(tool.verdicts[hint], colors)),
    { text: String(tool.calls.total) },
    { text: String(tool.calls.errors), paint: tool.calls.errors > 0 ? colors.yellow : undefined },
  ]);
  const align = ['left', ...HINT_NAMES.map(() => 'left' as const), 'right', 'right'] as const;
  return formatTable([header, ...rows], align);
}
