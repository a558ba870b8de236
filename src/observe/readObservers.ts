import type { CallOutcome, McpConnection } from '../mcp/index.js';
import { describeFailure, succeeded } from '../mcp/index.js';
import type { ObservedEntry, ObservedSnapshot, Observer } from './observer.js';
import { observerKey } from './observer.js';
import { readListing } from './listingObserver.js';

/**
 * The most text one observer may show per read: 1 MiB (in UTF-16 code units). Past it the read counts as
 * failed (and calibration drops the observer): every observer is read twice per call, so its output is
 * diffed often.
 */
export const OBSERVER_TEXT_LIMIT = 2 ** 20;

/**
 * Reads every observer once (the listing through `readListing`), one after another in the given order (never in parallel, so that one read
 * cannot race another on the server), each within `timeoutSeconds`. A tool's output is its text content, or
 * its `structuredContent` as JSON when it has no text. Never throws: a read that fails (an
 * `isError` result, a JSON-RPC error, a time-out, a lost connection, output past `OBSERVER_TEXT_LIMIT`) is an
 * `{ error }` entry that says why; for an `isError` result (or one that says it failed), `answered` too.
 */
export async function readObservers(
  connection: McpConnection,
  observers: readonly Observer[],
  timeoutSeconds: number,
): Promise<ObservedSnapshot> {
  const snapshot = new Map<string, ObservedEntry>();
  for (const observer of observers) {
    if (observer.kind === 'listing') {
      snapshot.set(observerKey(observer), await readListing(connection, timeoutSeconds));
      continue;
    }
    const outcome =
      observer.kind === 'tool'
        ? await connection.callTool(observer.name, { ...(observer.args ?? {}) }, timeoutSeconds)
        : await connection.readResource(observer.name, timeoutSeconds);
    snapshot.set(observerKey(observer), entryOf(outcome));
  }
  return snapshot;
}

function entryOf(outcome: CallOutcome): ObservedEntry {
  if (outcome.status === 'returned' && !succeeded(outcome)) {
    return { error: describeFailure(outcome), answered: true };
  }
  if (!succeeded(outcome) || outcome.status !== 'returned') return { error: describeFailure(outcome) };
  // A tool that answers only in structuredContent shows its state there.
  const text =
    outcome.text === '' && outcome.structuredContent !== undefined
      ? JSON.stringify(outcome.structuredContent)
      : outcome.text;
  if (text.length > OBSERVER_TEXT_LIMIT) {
    return {
      error: `output of ${text.length} characters, past hintproof's cap of ${OBSERVER_TEXT_LIMIT} on one observer read`,
    };
  }
  return { text };
}
