import type { EgressAttempt } from '../../../harness/process/index.js';
import { describeEgress } from '../../../harness/process/index.js';

/** Attempts to reach outside, in words: the first two, and how many more (those a flood left unlisted too). */
export function reached(attempts: readonly EgressAttempt[]): string {
  const listed = attempts.filter((attempt) => attempt.kind !== 'flood');
  if (listed.length === 0) return attempts.map((attempt) => describeEgress(attempt)).join(', ');
  const unlisted = attempts
    .filter((attempt) => attempt.kind === 'flood')
    .reduce((sum, flood) => sum + (Number.parseInt(flood.destination, 10) || 0), 0);
  const more = Math.max(0, listed.length - 2) + unlisted;
  const shown = listed.slice(0, 2).map((attempt) => describeEgress(attempt));
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}
