import type { CallOutcome } from '../model/callOutcome.js';
import { describeFailure, succeeded } from '../model/callOutcome.js';

/** How one call ended, in the words evidence uses: `returned`, `isError: not found`, `no answer within 10s (time-out)`. */
export function formatOutcome(outcome: CallOutcome): string {
  return succeeded(outcome) ? 'returned' : describeFailure(outcome);
}
