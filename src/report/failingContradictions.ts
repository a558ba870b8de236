import { SEVERITIES } from '../hints/severity.js';
import type { Report, Severity } from '../model/report.js';
import type { Contradiction } from './contradictionsOf.js';
import { contradictionsOf } from './contradictionsOf.js';
import { impactOf } from './impactOf.js';

/**
 * The contradictions that fail a run (exit 1) under `--fail-on failOn`: those of that severity or worse. The
 * others are reported all the same. `low` (the default) fails on every contradiction.
 */
export function failingContradictions(report: Report, failOn: Severity = 'low'): Contradiction[] {
  const threshold = SEVERITIES.indexOf(failOn);
  return contradictionsOf(report).filter(
    (contradiction) => SEVERITIES.indexOf(impactOf(contradiction).severity) <= threshold,
  );
}
