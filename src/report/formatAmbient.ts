import { describeEgress } from '../../harness/process/index.js';
import type { Colors } from './colors.js';
import { formatArgs } from './formatArgs.js';
import { formatChanges } from './formatChange.js';
import type { Report } from '../model/report.js';

/**
 * Changes and egress seen while no tool ran, and egress seen during calls that control runs showed without
 * them (per tool, with the control run that showed it), which no verdict counts. Empty when there were none.
 */
export function formatAmbient(report: Report, colors: Colors): string[] {
  const lines: string[] = [];
  if (report.ambient.length > 0) {
    lines.push(
      colors.bold('Ambient changes (seen while no tool ran; excluded from every verdict)'),
      ...formatChanges(report.ambient).map((line) => `  ${line}`),
    );
  }
  const egress = [...new Set((report.startupEgress ?? []).map((attempt) => describeEgress(attempt, false)))];
  if (egress.length > 0) {
    if (lines.length > 0) lines.push('');
    lines.push(
      colors.bold('Egress at start-up (before any tool ran; not blamed on a tool)'),
      ...egress.map((line) => `  ${line}`),
    );
  }
  const background = report.tools.flatMap((tool) =>
    (tool.ambientEgress ?? []).map(
      (entry) =>
        `  ${tool.name}: ${describeEgress(entry.egress, false)} during ${formatArgs(entry.args)}; ${entry.control} reached it too`,
    ),
  );
  if (background.length > 0) {
    if (lines.length > 0) lines.push('');
    lines.push(
      colors.bold('Background egress (a control run without the call showed it too; not blamed on the tool)'),
      ...background,
    );
  }
  return lines;
}
