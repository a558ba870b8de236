import { assessImpact } from '../hints/severity.js';
import type { Impact, Report } from '../model/report.js';
import type { Contradiction } from './contradictionsOf.js';
import { contradictionsOf } from './contradictionsOf.js';

/**
 * The client impact of a contradiction: the one the engine put on its evidence, else (a report built by other
 * means) derived from the same table by the same rule.
 */
export function impactOf(contradiction: Contradiction): Impact {
  return (
    contradiction.evidence.impact ??
    assessImpact(contradiction.hint, contradiction.tool, contradiction.evidence)
  );
}

/** Every contradiction of the report, the most severe first (by score; ties in tool order, then hint order). */
export function rankedContradictions(report: Report): Contradiction[] {
  return contradictionsOf(report)
    .map((contradiction, index) => ({ contradiction, index, score: impactOf(contradiction).score }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ contradiction }) => contradiction);
}

/** `critical (9.8)`: the severity with its score, as every reporter shows it. */
export function severityLabel(impact: Impact): string {
  return `${impact.severity} (${impact.score.toFixed(1)})`;
}

/**
 * One line per client that would act wrongly: `Codex, auto and writes approval modes: runs it without approval`;
 * a row of the table no public source backs says so (`[no public source]`).
 */
export function clientLines(impact: Impact): string[] {
  return impact.clients.map(
    (action) =>
      `${action.client}, ${action.mode}: ${action.effect}${action.source === undefined ? ' [no public source]' : ''}`,
  );
}
