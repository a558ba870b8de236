import type { Colors } from './colors.js';
import type { Report } from '../model/report.js';

/** The drift section, when a baseline was given and behaviour moved: new behaviours fail the run. */
export function formatDrift(report: Report, colors: Colors): string[] {
  const drift = report.drift ?? [];
  if (drift.length === 0) return [];
  const describe = (behaviour: readonly string[]) =>
    behaviour.length === 0 ? '(not observed)' : behaviour.join(', ');
  return [
    colors.bold('Behaviour drift since the baseline'),
    ...drift.map((entry) =>
      entry.added.length > 0
        ? colors.red(
            `  ✗ ${entry.tool}: ${describe(entry.before)} → ${describe(entry.after)} (new: ${entry.added.join(', ')})`,
          )
        : colors.dim(
            `  · ${entry.tool}: ${describe(entry.before)} → ${describe(entry.after)} (no longer seen; does not fail)`,
          ),
    ),
    '  If the new behaviour is intended, accept it with --update-baseline and review the file in your diff.',
  ];
}
