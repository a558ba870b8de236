import { HINT_NAMES } from '../model/hints.js';
import type { HintName } from '../model/hints.js';
import type { Colors } from './colors.js';
import type { ToolReport, VerdictStatus } from '../model/report.js';
import { plural } from './plural.js';

/**
 * One line when a tool is done:
 * `  read_note   50 calls, 0 errors  ✗ readOnlyHint contradicted`, or `✓` when nothing is contradicted or
 * inconclusive.
 */
export function formatProgressLine(tool: ToolReport, nameWidth: number, colors: Colors): string {
  const calls = `${plural(tool.calls.total, 'call')}, ${plural(tool.calls.errors, 'error')}`;
  const contradicted = hintsWith(tool, 'contradicted');
  const inconclusive = hintsWith(tool, 'inconclusive');
  const marks: string[] = [];
  if (contradicted.length > 0) marks.push(colors.red(`✗ ${contradicted.join(', ')} contradicted`));
  if (inconclusive.length > 0) marks.push(colors.yellow(`? ${inconclusive.join(', ')} inconclusive`));
  if (marks.length === 0) marks.push(colors.green('✓'));
  return `  ${tool.name.padEnd(nameWidth)}  ${calls.padEnd(19)}  ${marks.join('  ')}`;
}

function hintsWith(tool: ToolReport, status: VerdictStatus): HintName[] {
  return HINT_NAMES.filter((hint) => tool.verdicts[hint].status === status);
}
