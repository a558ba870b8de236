import { succeeded } from '../model/callOutcome.js';
import type { CallOutcome } from '../model/callOutcome.js';
import type { Hints } from '../model/hints.js';
import type { Observation } from '../model/observation.js';
import { answerDifferences } from './answerDifferences.js';

/** Two answers a closed-world tool gave one call in one state that differ beyond what varies by design. */
export interface ClosedWorldCandidate {
  readonly differences: readonly string[];
}

/**
 * Pure: whether one observation shows a tool claiming `openWorldHint: false` answering its repeated call
 * differently in the state its first call answered in: both calls succeeded (`succeeded`: no `isError`, no
 * failure in words), the first changed nothing seen in any environment (no change of any kind, counters
 * included) and nothing changed on its own around the command (no ambient or ignored change), and the answers
 * differ beyond generated ids, times and (`counters`) numbers that grew (`answerDifferences`). A candidate only:
 * state no environment shows (a counter in memory) may have moved, so the engine asks again from a fresh
 * sandbox after the same calls before reporting it (`confirmClosedWorld`).
 */
export function closedWorldCandidate(
  hints: Hints,
  observation: Observation,
  counters = true,
): ClosedWorldCandidate | undefined {
  const { call1, call2 } = observation;
  if (hints.openWorldHint || call2 === undefined) return undefined;
  if (call1.changes.length > 0 || observation.excluded.length > 0) return undefined;
  const first = answerText(call1.outcome);
  const second = answerText(call2.outcome);
  if (first === undefined || second === undefined) return undefined;
  const differences = answerDifferences(first, second, counters);
  return differences.length === 0 ? undefined : { differences };
}

/** A successful call's answer, as compared: its text content. */
export function answerText(outcome: CallOutcome): string | undefined {
  return outcome.status === 'returned' && succeeded(outcome) ? outcome.text : undefined;
}
