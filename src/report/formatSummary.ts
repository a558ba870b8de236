import type { Colors } from './colors.js';
import { hasFailingDrift } from '../model/report.js';
import type { Report, Severity, VerdictStatus } from '../model/report.js';
import { failingContradictions } from './failingContradictions.js';
import { plural } from './plural.js';
import { contradictionsOf } from './contradictionsOf.js';
import { impactOf } from './impactOf.js';
import { SEVERITIES } from '../hints/severity.js';

/**
 * The closing two lines:
 * `3 hints contradicted in 3 of 9 tools (2 critical, 1 medium) · 14 consistent · 1 inconclusive`, then what the
 * exit status means (under `--fail-on failOn`: contradictions below it pass).
 */
export function formatSummary(report: Report, colors: Colors, failOn: Severity = 'low'): string[] {
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
          `${plural(contradicted, 'hint')} contradicted in ${toolsContradicted} of ${plural(report.tools.length, 'tool')}${bySeverity(report)}`,
        )
      : colors.green(`No hint contradicted in ${plural(report.tools.length, 'tool')}`);
  const summary = [head, `${count('consistent')} consistent`, `${count('inconclusive')} inconclusive`].join(
    ' · ',
  );
  const exit =
    failingContradictions(report, failOn).length > 0
      ? colors.red(
          `Exit 1: at least one hint is contradicted${failOn === 'low' ? '' : ` at ${failOn} or worse (--fail-on)`}.`,
        )
      : hasFailingDrift(report)
        ? colors.red('Exit 1: behaviour drifted from the baseline.')
        : contradicted > 0
          ? colors.yellow(`Exit 0: no contradiction at ${failOn} or worse (--fail-on ${failOn}).`)
          : colors.green('Exit 0: no hint contradicted.');
  const blind = report.blind === undefined ? [] : [colors.yellow(`Blind check: ${report.blind}.`)];
  return [...blind, colors.bold(summary), exit];
}

/** ` (2 critical, 1 medium)`: how many contradictions of each severity, the worst first. */
function bySeverity(report: Report): string {
  const severities = contradictionsOf(report).map((contradiction) => impactOf(contradiction).severity);
  const counts = SEVERITIES.flatMap((severity) => {
    const n = severities.filter((s) => s === severity).length;
    return n === 0 ? [] : [`${n} ${severity}`];
  });
  return counts.length === 0 ? '' : ` (${counts.join(', ')})`;
}
