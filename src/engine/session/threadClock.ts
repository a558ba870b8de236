import type { ThreadWork } from '../../../harness/process/index.js';

/**
 * A thread with something pending: a time-out due by `dueAt` and not before `earliest` (`performance.now()` time;
 * the two differ for a duration whose wait began between two reads), or working (`dueAt` undefined).
 */
export interface Pending {
  readonly thread: string;
  /** The syscall line it was read from: the same line twice is the same wait. */
  readonly line: string;
  readonly dueAt: number | undefined;
  readonly earliest: number | undefined;
  /** For a wait given as a duration (a libuv loop's), that duration: a timer's length when the call armed it. */
  readonly timeoutMs?: number;
}

/** When a thread's current wait was first seen (`at`), and when it was last seen doing something else (`since`). */
interface Dated {
  readonly line: string;
  readonly at: number;
  readonly since: number;
}

/**
 * Reads the server's threads (`pendingWork`), keeping, for each, when its current wait was first seen: a
 * time-out given as a duration (a libuv loop's `epoll_wait`) is read as the argument the wait began with, which
 * does not count down, so it is due that long after the wait began: after the last read that saw the thread
 * doing something else, and at most at the read that first saw it. The reads come before and after every
 * call, so a wait is dated within one call's gap. Idle threads are left out.
 */
export class ThreadClock {
  #seen = new Map<string, Dated>();
  /** Per thread, the time-outs seen pending and not yet due: a loop shows only its earliest, the rest in turn. */
  #timers = new Map<string, Pending[]>();
  #last = performance.now();
  #lastPending: Pending[] | undefined;

  constructor(private readonly threads: () => readonly ThreadWork[] | undefined) {}

  /**
   * The threads as they were at most `maxAgeMs` ago: the last reading when it is that recent (a call's start
   * right after the previous call settled, with only hintproof's snapshots between), else a new one.
   */
  recent(maxAgeMs: number): Pending[] | undefined {
    if (this.#lastPending !== undefined && performance.now() - this.#last <= maxAgeMs)
      return this.#lastPending;
    return this.read();
  }

  /** The threads with something pending now; `undefined` when they cannot be read here. */
  read(): Pending[] | undefined {
    const work = this.threads();
    if (work === undefined) return (this.#lastPending = undefined);
    const now = performance.now();
    const seen = new Map<string, Dated>();
    const pending: Pending[] = [];
    for (const { thread, line, work: state } of work) {
      const known = this.#seen.get(thread);
      const dated = known !== undefined && known.line === line ? known : { line, at: now, since: this.#last };
      seen.set(thread, dated);
      if (state.state === 'idle') continue;
      if (state.state === 'busy') pending.push({ thread, line, dueAt: undefined, earliest: undefined });
      else if ('dueAt' in state) pending.push({ thread, line, dueAt: state.dueAt, earliest: state.dueAt });
      else {
        // Where the scheduler dates the wait's start, and that date agrees with these reads, it is to the ms.
        const start = state.startedAt;
        // A start that puts the time-out in the past while the thread still waits is not its wait's (the same
        // line armed again, a worker thread of a loaded server): the reads' own window stands.
        const exact =
          start !== undefined &&
          start >= dated.since - START_SLACK_MS &&
          start <= dated.at + START_SLACK_MS &&
          start + state.timeoutMs >= now - START_SLACK_MS;
        pending.push({
          thread,
          line,
          dueAt: (exact ? start + START_SLACK_MS : dated.at) + state.timeoutMs,
          earliest: (exact ? start - START_SLACK_MS : dated.since) + state.timeoutMs,
          timeoutMs: state.timeoutMs,
        });
      }
    }
    this.#seen = seen;
    this.#last = now;
    this.#lastPending = pending;
    this.#remember(pending, now);
    return pending;
  }

  /**
   * Every time-out seen pending on each thread and not yet due (as of the last reading): a timer that shows
   * once the one masking it fired is one seen before, not a new one.
   */
  timers(): ReadonlyMap<string, readonly Pending[]> {
    return new Map(this.#timers);
  }

  #remember(pending: readonly Pending[], now: number): void {
    for (const [thread, timers] of this.#timers) {
      const left = timers.filter((timer) => (timer.dueAt ?? 0) > now - PAST_MS);
      if (left.length === 0 || !this.#seen.has(thread)) this.#timers.delete(thread);
      else this.#timers.set(thread, left);
    }
    for (const timer of pending) {
      if (timer.dueAt === undefined) continue;
      const known = this.#timers.get(timer.thread) ?? [];
      if (known.some((other) => sameTimer(other, timer))) continue;
      this.#timers.set(timer.thread, [...known, timer].slice(-TIMERS_KEPT));
    }
  }
}

/** How far a wait's start read from the scheduler may stray from these reads, and its own precision. */
const START_SLACK_MS = 3;

/** A timer due this long ago is forgotten. */
const PAST_MS = 100;

/** Time-outs remembered per thread, at most. */
const TIMERS_KEPT = 16;

/** Two due times of one timer, each dated between two reads, agree within this besides (libuv rounds to ms). */
const SAME_DUE_MS = 5;

/** Whether two time-outs, each known to be due between its `earliest` and `dueAt`, may be one timer. */
export function sameTimer(a: Pending, b: Pending): boolean {
  const [aFrom, aTo, bFrom, bTo] = [
    a.earliest ?? -Infinity,
    a.dueAt ?? Infinity,
    b.earliest ?? -Infinity,
    b.dueAt ?? Infinity,
  ];
  return aFrom - SAME_DUE_MS <= bTo && bFrom - SAME_DUE_MS <= aTo;
}
