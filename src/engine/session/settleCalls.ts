import { setTimeout as sleep } from 'node:timers/promises';
import type { ThreadWork } from '../../../harness/process/index.js';
import type { Pending } from './threadClock.js';
import { sameTimer, ThreadClock } from './threadClock.js';
import type { McpConnection } from '../../mcp/index.js';
import type { Settled, SettleLog } from './settleLog.js';

/** How often a thread still working after the answer is looked at again. */
const BUSY_POLL_MS = 5;

/**
 * A reading of the threads this recent stands for the state before a call (the previous call's last, with only
 * hintproof's snapshots since): halves the reads of a check whose calls follow each other closely.
 */
const RECENT_MS = 30;

/** While a settle sleeps, how often it reads the threads (each read dates the waits that began since the last). */
const DATING_MS = 50;

/** Past its due time, how long a timer's thread is given to run what it fired before it is looked at again. */
const FIRED_MS = 25;

/**
 * Time-outs waited for per thread and call: a loop shows only its earliest timer, so a save debounced behind a
 * shorter timer shows once that one fired; a timer repeating faster than the bound stops being waited for here.
 */
const WAITS_PER_THREAD = 3;

/**
 * The connection, with each tool call and resource read ending only once what it started in the server has
 * settled (`SettleLog.maxMs` at most after its answer): no thread of the server's process tree that was not
 * already doing so before the call is still working, and none waits for a time-out that the call set (a
 * debounced save, an upload batched for later, a `sleep` in a child). What the call left for later then lands
 * before the state after it is read, and is the call's, never the next call's. A time-out due after the bound
 * is not waited for, nor more than `WAITS_PER_THREAD` of one thread's (a timer that repeats is the server's
 * rhythm, not the call's doing). A server whose threads cannot be read here (`threads()` undefined) is not
 * waited for. Every wait is written to `log` (the report says what settling cost).
 */
export function settlingCalls(
  connection: McpConnection,
  threads: () => readonly ThreadWork[] | undefined,
  log: SettleLog,
  timerWait: TimerWait = (wait) => wait(),
): McpConnection {
  const clock = new ThreadClock(threads);
  const settled = async <T>(call: () => Promise<T>): Promise<T> => {
    const before = clock.recent(RECENT_MS);
    const known = clock.timers();
    const outcome = await call();
    if (before !== undefined) log.record(await settle(before, known, clock, log, timerWait));
    return outcome;
  };
  return {
    ...connection,
    callTool: (name, args, timeoutSeconds) => settled(() => connection.callTool(name, args, timeoutSeconds)),
    readResource: (uri, timeoutSeconds) => settled(() => connection.readResource(uri, timeoutSeconds)),
  };
}

/**
 * Runs a settle's wait for a timer, so that what the server attempts meanwhile can be set apart from the call's
 * doing. The session drops the egress attempted during such waits: a timer re-armed while the call ran may be
 * a retry loop's next attempt, the server's own, and a control run cannot tell the two apart in a burst (what
 * a call leaves in the sandbox stays the call's; a control window sets a background writer's changes aside).
 */
export type TimerWait = (wait: () => Promise<void>) => Promise<void>;

/** How one call's settling went: how long it waited, and what it left unwaited. */

async function settle(
  before: readonly Pending[],
  known: ReadonlyMap<string, readonly Pending[]>,
  clock: ThreadClock,
  log: SettleLog,
  timerWait: TimerWait,
): Promise<Settled> {
  const start = performance.now();
  const end = start + log.maxMs;
  const waited = new Map<string, number>();
  const pendingBefore = new Map(before.map((thread) => [thread.thread, thread]));
  for (;;) {
    const now = performance.now();
    const work = clock.read();
    if (work === undefined) return { waitedMs: now - start };
    const horizon = start + log.horizonMs();
    const fresh = work.filter((thread) => {
      const why = pendingNow(thread, pendingBefore.get(thread.thread), known.get(thread.thread), waited);
      return why === 'new' || (why === 'behind' && (thread.earliest ?? Infinity) <= horizon);
    });
    const busy = fresh.some((thread) => thread.dueAt === undefined);
    const due = fresh.filter((thread) => thread.dueAt !== undefined);
    if (!busy && due.length === 0) return { waitedMs: now - start };
    if (now >= end) return { waitedMs: now - start, ...(busy ? { busyAtBound: true } : {}) };
    if (busy) {
      await sleep(Math.min(BUSY_POLL_MS, end - now));
      continue;
    }
    const next = due.reduce((a, b) => (dueAt(b) < dueAt(a) ? b : a));
    if (dueAt(next) > end) return { waitedMs: now - start, beyondMs: Math.round(dueAt(next) - start) };
    const reason = pendingNow(next, pendingBefore.get(next.thread), known.get(next.thread), waited);
    if (reason === 'new') log.trailed(dueAt(next) - start);
    waited.set(next.thread, (waited.get(next.thread) ?? 0) + 1);
    const wait = () => sleepWatching(clock, Math.max(0, dueAt(next) - now) + FIRED_MS);
    await timerWait(wait);
  }
}

/**
 * Sleeps `ms`, reading the threads every `DATING_MS` on the way: a wait that begins meanwhile (the thread going
 * back to its loop once the timer fired) is then dated within that, not within the whole sleep.
 */
async function sleepWatching(clock: ThreadClock, ms: number): Promise<void> {
  const end = performance.now() + ms;
  for (let left = ms; left > 0; left = end - performance.now()) {
    await sleep(Math.min(DATING_MS, left));
    clock.read();
  }
}

function dueAt(thread: Pending): number {
  return thread.dueAt ?? Infinity;
}

/**
 * What a thread's work is to the call: `new`, work it was not doing before the call (running, or a time-out
 * never seen pending before it: the call's, to wait for); `behind`, a time-out seen pending before the call, on a
 * thread the call woke (a loop shows only its earliest timer, so one the call set may be queued behind it:
 * waited for when due soon); nothing to wait for when the thread did not wake, or was already busy before,
 * or its time-outs were waited for `WAITS_PER_THREAD` times in this call.
 */
function pendingNow(
  thread: Pending,
  before: Pending | undefined,
  timers: readonly Pending[] | undefined,
  waited: ReadonlyMap<string, number>,
): 'new' | 'behind' | undefined {
  if (thread.dueAt === undefined)
    return before !== undefined && before.dueAt === undefined ? undefined : 'new';
  if ((waited.get(thread.thread) ?? 0) >= WAITS_PER_THREAD || before?.line === thread.line) return undefined;
  // A timer seen pending before the call (its earliest then, or one it masked that showed since) is the
  // server's: the loop went back to wait for it once the call woke it.
  return (timers ?? []).some((timer) => sameTimer(timer, thread)) ? 'behind' : 'new';
}
