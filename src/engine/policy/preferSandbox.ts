import type { Change } from '../../../harness/index.js';

/** The environment of changes seen through the server's own reads (observers). */
const OBSERVED = 'observed';

/**
 * A call's changes with the sandbox's own view first: when an environment hintproof holds (files, databases,
 * HOME) changed, what the server's own reads showed is left out, because such a read is a view derived from
 * that state, and often a window ("the last 10 commits") in which an addition pushes an old line out and looks
 * like a deletion. Observed changes count only for calls the sandbox saw nothing of: state kept in memory or
 * in a service. Pure.
 */
export function preferSandbox(changes: readonly Change[]): Change[] {
  const sandboxChanged = changes.some(
    (change) => change.environment !== OBSERVED && change.kind !== 'counter',
  );
  return sandboxChanged ? changes.filter((change) => change.environment !== OBSERVED) : [...changes];
}
