import type { Colors } from './colors.js';
import { closedWorldFindings, closedWorldLines } from './closedWorldLines.js';
import type { Report } from '../model/report.js';

/**
 * Closed-world findings: tools claiming `openWorldHint: false` that answered one call differently in one
 * state. Not contradictions (`--strict-closed-world` makes them so); each with its answers and replay line.
 * Empty when there are none.
 */
export function formatClosedWorld(report: Report, colors: Colors): string[] {
  const lines = closedWorldFindings(report).flatMap(({ finding }) => [
    `  ${colors.yellow('!')} ${finding.title}`,
    ...closedWorldLines(finding).map((line) => `      ${line}`),
    `      ${colors.cyan('Reproduce with:')} ${finding.replay}`,
  ]);
  if (lines.length === 0) return [];
  return [
    colors.bold('Closed-world findings (not contradictions; --strict-closed-world makes them so)'),
    ...lines,
  ];
}
