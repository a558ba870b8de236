import type { CallOutcome } from '../mcp/callOutcome.js';
import { describeFailure, succeeded } from '../mcp/callOutcome.js';

/** How one call ended, in the words evidence uses: `returned`, `isError: not found`, `no answer within 10s (time-out)`. */
export function formatOutcome(outcome: CallOutcome): string {
  return succeeded(outcome) ? 'returned' : describeFailure(outcome);
}
