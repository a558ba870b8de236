import { setTimeout as sleep } from 'node:timers/promises';
import { quietBetween } from '../../../harness/process/index.js';
import type { Activity, ThreadWork } from '../../../harness/process/index.js';
import type { Pending } from './threadClock.js';
import { sameTimer, ThreadClock } from './threadClock.js';
import type { McpConnection } from '../../mcp/index.js';
import type { Settled, SettleLog } from './settleLog.js';
import { IdleTimers } from './idleTimers.js';
import { TimerRhythms } from './timerRhythms.js';

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
 * waited for. Nor is a timer learned to fire with nothing done (`IdleTimers`: judged from the tree's
 * `activity` and the egress `timerWait` saw); should the tree then do something between two calls, nothing is
 * left unwaited again on this connection. Every wait is written to `log` (the report says what settling cost).
 */
export function settlingCalls(connection: McpConnection, server: SettleWatch): McpConnection {
  const {
    threads,
    log,
    timerWait = waitOnly,
    activity = () => undefined,
    rhythms = new TimerRhythms(),
  } = server;
  const clock = new ThreadClock(threads);
  const watch: Watch = {
    clock,
    log,
    timerWait,
    activity,
    idle: new IdleTimers(),
    rhythms,
  };
  /** Where the last settle left a learned timer unwaited, the tree's activity when it ended. */
  let leftAt: Activity | undefined;
  const settled = async <T>(call: () => Promise<T>): Promise<T> => {
    const now = leftAt === undefined ? undefined : activity();
    if (leftAt !== undefined && (now === undefined || !quietBetween(leftAt, now))) {
      watch.idle.distrust();
      log.distrusted();
    }
    leftAt = undefined;
    const before = clock.recent(RECENT_MS);
    const known = clock.timers();
    const outcome = await call();
    if (before !== undefined) {
      const settledCall = await settle(before, known, watch);
      log.record(settledCall);
      if (settledCall.idleLeft !== undefined) leftAt = settledCall.idleLeft;
    }
    return outcome;
  };
  return {
    ...connection,
    callTool: (name, args, timeoutSeconds) => settled(() => connection.callTool(name, args, timeoutSeconds)),
    readResource: (uri, timeoutSeconds) => settled(() => connection.readResource(uri, timeoutSeconds)),
  };
}

/**
 * Runs a settle's wait for a timer; true when egress was attempted during it (a timer that reached out did
 * something). The session keeps that egress as the call's, as a late write is (an upload batched or debounced
 * for after the answer), whether the timer looked set by the call or pending before it: a wait dated loosely
 * on a loaded machine can make the call's own timer look like the server's, and what is the server's rhythm
 * (a telemetry interval, a retry loop) the control run reaches without the call and calls background.
 */
type TimerWait = (wait: () => Promise<void>) => Promise<boolean>;

/** What settling reads of the server, and where it writes what each wait cost. */
export interface SettleWatch {
  /** What every thread of the server's process tree is doing (`ThreadReader`); `undefined` where unreadable. */
  readonly threads: () => readonly ThreadWork[] | undefined;
  readonly log: SettleLog;
  /** Runs a wait for a timer (default: waits, and sees no egress). */
  readonly timerWait?: TimerWait;
  /** The server tree's activity (`TreeActivity`); default: unreadable. */
  readonly activity?: () => Activity | undefined;
  /** The server's rhythms learned so far in the check (default: this connection's own, from nothing). */
  readonly rhythms?: TimerRhythms;
}

const waitOnly: TimerWait = async (wait) => {
  await wait();
  return false;
};

/** What a settle reads and learns from, for one connection. */
interface Watch {
  readonly clock: ThreadClock;
  readonly log: SettleLog;
  readonly timerWait: TimerWait;
  /** The server tree's activity (`TreeActivity`), `undefined` where it cannot be read. */
  readonly activity: () => Activity | undefined;
  readonly idle: IdleTimers;
  readonly rhythms: TimerRhythms;
}

/** A timer a settle waited for: the tree's activity before, and whether egress was attempted meanwhile. */
interface Fire {
  readonly timer: Pending;
  readonly reason: 'new' | 'behind';
  readonly dueMs: number;
  readonly before: Activity | undefined;
  readonly egress: boolean;
  /** It began its wait as a timer of its thread fired (see `TimerRhythms.fired`). */
  readonly rearm: boolean;
}

/** How one call's settling went: how long it waited, and what it left unwaited. */

async function settle(
  before: readonly Pending[],
  known: ReadonlyMap<string, readonly Pending[]>,
  watch: Watch,
): Promise<Settled & { readonly idleLeft?: Activity }> {
  const { clock, log, idle } = watch;
  const start = performance.now();
  const end = start + log.maxMs;
  const waited = new Map<string, number>();
  const fires: Fire[] = [];
  let idleLeft = 0;
  let rhythmLeft = 0;
  const pendingBefore = new Map(before.map((thread) => [thread.thread, thread]));
  const ended = (settled: Settled): Settled & { readonly idleLeft?: Activity } => {
    const after = fires.length > 0 || idleLeft > 0 ? watch.activity() : undefined;
    judge(fires, after, watch);
    if (idleLeft > 0) log.idleLeft(idleLeft);
    if (rhythmLeft > 0) log.rhythmLeft(rhythmLeft);
    return after !== undefined && idleLeft > 0 ? { ...settled, idleLeft: after } : settled;
  };
  for (;;) {
    const now = performance.now();
    const work = clock.read();
    if (work === undefined) return ended({ waitedMs: now - start });
    const horizon = start + log.horizonMs();
    let rhythmic = 0;
    const fresh = work.filter((thread) => {
      const why = pendingNow(thread, pendingBefore.get(thread.thread), known.get(thread.thread), waited);
      // The server's rhythm armed again by its own fire: not the call's (see `TimerRhythms`).
      if (why === 'new' && watch.rhythms.rearmed(thread, start)) rhythmic++;
      else return why === 'new' || (why === 'behind' && (thread.earliest ?? Infinity) <= horizon);
      return false;
    });
    rhythmLeft = Math.max(rhythmLeft, rhythmic);
    const busy = fresh.some((thread) => thread.dueAt === undefined);
    const due = fresh.filter((thread) => thread.dueAt !== undefined && !idle.idle(thread));
    idleLeft = fresh.filter((thread) => thread.dueAt !== undefined && idle.idle(thread)).length;
    if (!busy && due.length === 0) return ended({ waitedMs: now - start });
    if (now >= end) return ended({ waitedMs: now - start, ...(busy ? { busyAtBound: true } : {}) });
    if (busy) {
      await sleep(Math.min(BUSY_POLL_MS, end - now));
      continue;
    }
    const next = due.reduce((a, b) => (dueAt(b) < dueAt(a) ? b : a));
    if (dueAt(next) > end) return ended({ waitedMs: now - start, beyondMs: Math.round(dueAt(next) - start) });
    const reason = pendingNow(next, pendingBefore.get(next.thread), known.get(next.thread), waited) ?? 'new';
    waited.set(next.thread, (waited.get(next.thread) ?? 0) + 1);
    const activity = watch.activity();
    const wait = () => sleepWatching(clock, Math.max(0, dueAt(next) - now) + FIRED_MS);
    const egress = await watch.timerWait(wait);
    const rearm = watch.rhythms.fired(next, dueAt(next), start);
    fires.push({ timer: next, reason, dueMs: dueAt(next) - start, before: activity, egress, rearm });
  }
}

/**
 * Once a settle ends, what each timer it waited for came to: empty when the tree did nothing from just before
 * that wait to the end (`quietBetween`) (so the last wait is judged on the most, each earlier one on what followed it too), and
 * no egress was attempted during it; unknown (never empty) where the activity cannot be read. A timer the call
 * set that did something is what the bound on waiting past the server's own timers is learned from.
 */
function judge(fires: readonly Fire[], after: Activity | undefined, watch: Watch): void {
  for (const fire of fires) {
    const empty =
      after !== undefined && fire.before !== undefined && quietBetween(fire.before, after) && !fire.egress;
    watch.idle.fired(fire.timer, empty);
    // The server's rhythm, learned from this settle's fires or before, is not what calls leave behind.
    const rhythm = fire.rearm && watch.rhythms.learned(fire.timer);
    if (fire.reason === 'new' && !empty && !rhythm) watch.log.trailed(fire.dueMs);
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
