import { sameLength } from './idleTimers.js';
import type { Pending } from './threadClock.js';

/** Rhythms shorter than this are not told apart from a busy loop's short waits. */
const MIN_PERIOD_MS = 20;

/** A re-armed timer began its wait within this of the fire that re-armed it (the callback's own run). */
const ARMED_WITHIN_MS = 40;

/** Re-arms in a row of one length, each armed by the fire before it, before that length is learned a rhythm. */
const REARMS_TO_LEARN = 2;

/** How far two lengths of one rhythm may differ (armed a little after it fired): 4% of the longer. */
const RHYTHM_SHARE = 0.04;

/** What a session saw of one thread's timers firing. */
interface ThreadFires {
  /** When its last waited-for timer fired (`performance.now()` time). */
  lastFire: number;
  /** The length of the re-arms in a row just seen, and how many. */
  run?: { length: number; count: number };
}

/** A thread's role, the same in every session of a check: a process's main thread, or another. */
function role(thread: string): 'main' | 'other' {
  const [pid, tid] = thread.split('/');
  return pid === tid ? 'main' : 'other';
}

/**
 * The server's rhythms, as the settles of one session saw them: a timer armed again by its own firing (a
 * telemetry interval, a poll, a heartbeat). A settle waits for a timer pending before the call once (a timer the
 * call set may be queued behind it, seen only once it fired), but the timer a rhythm arms again as it fires is
 * the server's, not the call's: it is neither waited for nor taken as the length of what calls leave behind.
 * A length is learned a rhythm once `REARMS_TO_LEARN` timers of it in a row each began its wait as the one
 * before fired during the same settle, and fired that long after (an interval, waited for past its first fires while nothing was
 * known); a call's own chain (a debounce whose fire arms a save) arms one such timer, not a row. After that,
 * a timer of that length that began its wait as its thread fired during the same settle is the rhythm armed
 * again. Learned from the fires settles waited for, over the whole check: one instance serves every session
 * (threads are told apart by pid), and a length learned on a main thread in one session is known in the next.
 */
export class TimerRhythms {
  readonly #threads = new Map<string, ThreadFires>();
  readonly #periods = { main: [] as number[], other: [] as number[] };

  /**
   * `timer`, waited for by a settle that began at `since`, fired at its due time `at`; true when it was a re-arm:
   * it began its wait as the thread's previous fire ran, in the same settle (a timer a call set begins at the
   * call, before its settle, however soon after a fire the call came).
   */
  fired(timer: Pending, at: number, since: number): boolean {
    const known = this.#threads.get(timer.thread);
    const fires: ThreadFires = known ?? { lastFire: at };
    let rearm = false;
    const length = timer.timeoutMs;
    if (
      known !== undefined &&
      known.lastFire >= since &&
      length !== undefined &&
      length >= MIN_PERIOD_MS &&
      armedAt(timer, known.lastFire)
    ) {
      const run =
        fires.run !== undefined && sameLength(fires.run.length, length, RHYTHM_SHARE)
          ? fires.run
          : { length, count: 0 };
      run.count++;
      fires.run = run;
      rearm = true;
      const periods = this.#periods[role(timer.thread)];
      if (run.count >= REARMS_TO_LEARN && !periods.some((period) => sameLength(period, length, RHYTHM_SHARE)))
        periods.push(length);
    } else if (known !== undefined) {
      delete fires.run;
    }
    fires.lastFire = at;
    this.#threads.set(timer.thread, fires);
    return rearm;
  }

  /** Whether a timer of this length on this thread is a learned rhythm (see `fired`'s re-arms). */
  learned(timer: Pending): boolean {
    const length = timer.timeoutMs;
    return (
      length !== undefined &&
      this.#periods[role(timer.thread)].some((period) => sameLength(period, length, RHYTHM_SHARE))
    );
  }

  /** Whether `timer` is a learned rhythm of its thread armed again by a fire at or after `since`. */
  rearmed(timer: Pending, since: number): boolean {
    const length = timer.timeoutMs;
    const fires = this.#threads.get(timer.thread);
    if (length === undefined || fires === undefined || fires.lastFire < since) return false;
    return armedAt(timer, fires.lastFire) && this.learned(timer);
  }
}

/** Whether a timer given as a duration began its wait right as its thread fired at `fire`. */
function armedAt(timer: Pending, fire: number): boolean {
  if (timer.dueAt === undefined || timer.timeoutMs === undefined) return false;
  return Math.abs(timer.dueAt - timer.timeoutMs - fire) <= ARMED_WITHIN_MS;
}
