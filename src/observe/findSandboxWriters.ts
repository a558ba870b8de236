import type { McpConnection } from '../mcp/index.js';
import type { ObservedSnapshot, Observer } from './observer.js';
import { observerKey } from './observer.js';
import { readObservers } from './readObservers.js';

/**
 * How many times each group of observers is read, back to back, inside one `changedAround`: a read that writes
 * only now and then (a sampled usage counter, every Nth call) shows in one of them. At 4 reads, an observer
 * that writes on one read in 3 is seen with probability 1 − (2/3)^4 ≈ 80% per group; one missed here is
 * caught when it writes while read during the check (see the engine's `observingSession`).
 */
const SANDBOX_WRITER_READS = 4;

/**
 * Rounds of reading each observer alone, once the read of them all changed something and until one alone
 * does: a writer on one read in 3 goes unseen alone over 3 rounds with probability (2/3)^12 < 1%, where a
 * single round would leave every observer untrusted one time in 5.
 */
const ALONE_ROUNDS = 3;

/**
 * The observers whose read does more than read: changes the sandbox (a tool claiming read-only that logs every
 * call to a file) or tries to reach outside it. Each group is read `SANDBOX_WRITER_READS` times back to back
 * inside `changedAround`, which the engine gives: it snapshots the sandbox, runs the reads, watches a pause
 * after them (so that a write landing a few hundred ms late is seen), and says what the reads did besides
 * reading (`changed the sandbox (append fs:.access.log (+9 bytes))`, `tried to reach outside the sandbox (…)`)
 * or returns `undefined`. Such an observer must not be read around calls: its write would be blamed on the
 * tool under check, or, read inside the ambient window, excluded as ambient where it hides its own lie; what
 * one that reaches out shows is not only the server's own state, and its trace is paid around every call.
 * All are read together first (the reads share one pause); only when that changed something is each read
 * alone. Run before `calibrateObservers` and leave the writers out; the engine's check of each of them as a
 * tool sees the write. Returns the first read of them all too: an observer whose read failed there is not
 * read alone (see `observeServer`).
 */
export async function findSandboxWriters(
  connection: McpConnection,
  observers: readonly Observer[],
  timeoutSeconds: number,
  changedAround: ChangedAround,
): Promise<{ writers: Array<{ observer: Observer; reason: string }>; first: ObservedSnapshot }> {
  const writers: Array<{ observer: Observer; reason: string }> = [];
  // The common case costs two snapshots: all read at once, nothing changed.
  let first: ObservedSnapshot = new Map();
  if (observers.length === 0) return { writers, first };
  const together = await changedAround(async () => {
    first = await readObservers(connection, observers, timeoutSeconds);
    await readAgain(connection, observers, timeoutSeconds, first);
  });
  if (together === undefined) return { writers, first };
  const readable = observers.filter((observer) => {
    const entry = first.get(observerKey(observer));
    return entry !== undefined && 'text' in entry;
  });
  // A writer that writes on some reads only may miss its turn alone: each is read alone again, a few rounds.
  for (let round = 0; round < ALONE_ROUNDS && writers.length === 0; round++) {
    for (const observer of readable) {
      const change = await changedAlone(connection, observer, timeoutSeconds, changedAround);
      if (change !== undefined) {
        writers.push({ observer, reason: `reading it ${change}: it does not only read` });
      }
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

/**
 * Runs `read` and says what it did besides reading (see `findSandboxWriters`), looking at the sandbox once right
 * after it, and, unless `watchAfter` is false, again through a watched pause.
 */
export type ChangedAround = (
  read: () => Promise<unknown>,
  watchAfter?: boolean,
) => Promise<string | undefined>;

/**
 * What reading one observer alone did: its first read looked at at once (a writer that writes on every read
 * costs one read, not `SANDBOX_WRITER_READS` and a pause), then the rest, watched after.
 */
async function changedAlone(
  connection: McpConnection,
  observer: Observer,
  timeoutSeconds: number,
  changedAround: ChangedAround,
): Promise<string | undefined> {
  let once: ObservedSnapshot = new Map();
  const first = await changedAround(async () => {
    once = await readObservers(connection, [observer], timeoutSeconds);
  }, false);
  return first ?? (await changedAround(() => readAgain(connection, [observer], timeoutSeconds, once)));
}

/** Reads `observers` the rest of `SANDBOX_WRITER_READS` times (all of them when `first` is not given). */
async function readAgain(
  connection: McpConnection,
  observers: readonly Observer[],
  timeoutSeconds: number,
  first?: ObservedSnapshot,
): Promise<void> {
  const readable = observers.filter((observer) => {
    const entry = first?.get(observerKey(observer));
    return first === undefined || (entry !== undefined && 'text' in entry);
  });
  for (let read = first === undefined ? 0 : 1; read < SANDBOX_WRITER_READS; read++) {
    await readObservers(connection, readable, timeoutSeconds);
  }
}
