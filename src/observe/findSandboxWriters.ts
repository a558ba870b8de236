import type { McpConnection } from '../mcp/index.js';
import type { ObservedSnapshot, Observer } from './observer.js';
import { observerKey } from './observer.js';
import { readObservers } from './readObservers.js';

/**
 * The observers whose read does more than read: changes the sandbox (a tool claiming read-only that logs every
 * call to a file) or tries to reach outside it. Each is read alone inside `changedAround`, which the engine
 * gives: it snapshots the sandbox, runs the read, snapshots again, and says what the read did besides reading
 * (`changed the sandbox (append fs:.access.log (+9 bytes))`, `tried to reach outside the sandbox (…)`) or
 * returns `undefined`. Such an observer must not be read around calls: its write would be blamed on the tool
 * under check, or, read inside the ambient window, excluded as ambient where it hides its own lie; what one
 * that reaches out shows is not only the server's own state, and its trace is paid around every call. All are read together first; only when
 * that changed something is each read alone. Run before `calibrateObservers` and leave the writers out; the
 * engine's check of each of them as a tool sees the write. Returns the first read of them all too: an
 * observer whose read failed there is not read alone (see `observeServer`).
 */
export async function findSandboxWriters(
  connection: McpConnection,
  observers: readonly Observer[],
  timeoutSeconds: number,
  changedAround: (read: () => Promise<unknown>) => Promise<string | undefined>,
): Promise<{ writers: Array<{ observer: Observer; reason: string }>; first: ObservedSnapshot }> {
  const writers: Array<{ observer: Observer; reason: string }> = [];
  // The common case costs two snapshots: all read at once, nothing changed.
  let first: ObservedSnapshot = new Map();
  if (observers.length === 0) return { writers, first };
  const together = await changedAround(async () => {
    first = await readObservers(connection, observers, timeoutSeconds);
  });
  if (together === undefined) return { writers, first };
  const readable = observers.filter((observer) => {
    const entry = first.get(observerKey(observer));
    return entry !== undefined && 'text' in entry;
  });
  for (const observer of readable) {
    const change = await changedAround(() => readObservers(connection, [observer], timeoutSeconds));
    if (change !== undefined) {
      writers.push({ observer, reason: `reading it ${change}: it does not only read` });
    }
  }
  // A write that happens once (pending tasks moved on the first read) shows only in the read of them all:
  // when no single read shows it again, none of them is trusted to only read.
  if (writers.length > 0) return { writers, first };
  return {
    writers: observers.map((observer) => ({
      observer,
      reason: `reading the observers together ${together} and no single read did it again: none is trusted to only read`,
    })),
    first,
  };
}
