import type { Colors } from './colors.js';
import { hasContradiction, hasFailingDrift } from '../model/report.js';
import type { Report, VerdictStatus } from '../model/report.js';
import { plural } from './plural.js';

/**
 * The closing two lines:
 * `3 hints contradicted in 3 of 9 tools · 14 consistent · 1 inconclusive`, then what the exit status means.
 */
export function formatSummary(report: Report, colors: Colors): string[] {
  const count = (status: VerdictStatus): number =>
    report.tools.reduce(
      (sum, tool) => sum + Object.values(tool.verdicts).filter((verdict) => verdict.status === status).length,
      0,
    );
  const contradicted = count('contradicted');
  const toolsContradicted = report.tools.filter((tool) =>
    Object.values(tool.verdicts).some((verdict) => verdict.status === 'contradicted'),
  ).length;
  const head =
    contradicted > 0
      ? colors.red(
          `${plural(contradicted, 'hint')} contradicted in ${toolsContradicted} of ${plural(report.tools.length, 'tool')}`,
        )
      : colors.green(`No hint contradicted in ${plural(report.tools.length, 'tool')}`);
  const summary = [head, `${count('consistent')} consistent`, `${count('inconclusive')} inconclusive`].join(
    ' · ',
  );
  const exit = hasContradiction(report)
    ? colors.red('Exit 1: at least one hint is contradicted.')
    : hasFailingDrift(report)
      ? colors.red('Exit 1: behaviour drifted from the baseline.')
      : colors.green('Exit 0: no hint contradicted.');
  const blind = report.blind === undefined ? [] : [colors.yellow(`Blind check: ${report.blind}.`)];
  return [...blind, colors.bold(summary), exit];
}
