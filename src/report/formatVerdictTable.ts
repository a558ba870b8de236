import { HINT_NAMES } from '../model/hints.js';
import type { Colors } from './colors.js';
import { formatTable } from './formatTable.js';
import type { Cell } from './formatTable.js';
import type { Report } from '../model/report.js';
import { verdictCell } from './verdictCell.js';

/**
 * One row per tool: tool | readOnly | destructive | idempotent | openWorld | calls | errors | pooled | existing,
 * plus `invalid` (commands whose generated arguments failed the input schema, never sent) when any tool had some.
 * `pooled` is the share of commands whose arguments named something found in the sandbox; `existing` is how
 * many of the tool's commands met existing state (succeeded naming or touching an entity that existed before
 * them) out of all its commands, in yellow when none did.
 */
export function formatVerdictTable(report: Report, colors: Colors): string[] {
  const anyInvalid = report.tools.some((tool) => (tool.calls.invalidArguments ?? 0) > 0);
  const header: Cell[] = verdictColumns(anyInvalid).map((text) => ({ text, paint: colors.bold }));
  const rows = report.tools.map((tool): Cell[] => [
    { text: tool.name },
    ...HINT_NAMES.map((hint) => verdictCell(tool.verdicts[hint], colors)),
    { text: String(tool.calls.total) },
    { text: String(tool.calls.errors), paint: tool.calls.errors > 0 ? colors.yellow : undefined },
    { text: tool.calls.pooledShare === undefined ? '–' : `${Math.round(tool.calls.pooledShare * 100)}%` },
    existingCell(tool.calls.metExisting, tool.calls.commands, colors),
    ...(anyInvalid ? [invalidCell(tool.calls.invalidArguments ?? 0, colors)] : []),
  ]);
  const align = [
    'left',
    ...HINT_NAMES.map(() => 'left' as const),
    'right',
    'right',
    'right',
    'right',
    ...(anyInvalid ? ['right' as const] : []),
  ] as const;
  return formatTable([header, ...rows], align);
}

/** The verdict table's column names, the HTML report's too: `invalid` only when some tool had such commands. */
export function verdictColumns(anyInvalid: boolean): string[] {
  return [
    'tool',
    ...HINT_NAMES.map((hint) => hint.replace(/Hint$/, '')),
    'calls',
    'errors',
    'pooled',
    'existing',
    ...(anyInvalid ? ['invalid'] : []),
  ];
}

function invalidCell(count: number, colors: Colors): Cell {
  return { text: String(count), paint: count > 0 ? colors.yellow : undefined };
}

function existingCell(met: number | undefined, commands: number | undefined, colors: Colors): Cell {
  if (met === undefined || commands === undefined) return { text: '–' };
  return { text: `${met}/${commands}`, paint: met === 0 && commands > 0 ? colors.yellow : undefined };
}
