import type { Pending } from './threadClock.js';

/** Fires kept per thread: enough to find the period of a rhythm seen across a few calls. */
const FIRES_KEPT = 8;

/** Rhythms shorter than this are not told apart from a busy loop's short waits. */
const MIN_PERIOD_MS = 20;

/** Periods between two fires compared, at most: a rhythm seen again after this many of its fires is learned anew. */
const MAX_PERIODS = 64;

/** A re-armed timer began its wait within this of the fire that re-armed it (the callback's own run). */
const ARMED_WITHIN_MS = 40;

/** Per period, how far a rhythm's fires may drift from a whole number of its length (Node re-arms after running). */
function slackPerPeriod(period: number): number {
  return Math.max(5, 0.04 * period);
}

/**
 * The server's rhythms, as the settles of one session saw them: a timer re-armed by its own firing with the
 * length its fires keep apart (a telemetry interval, a poll, a heartbeat). A settle waits for a timer pending
 * before the call once (a timer the call set may be queued behind it, seen only once it fired), but the
 * timer the rhythm arms again as it fires is the server's, not the call's: it is neither waited for nor
 * taken as the length of what calls leave behind. Told from a call's own chain (a debounce whose fire arms
 * a save) by its period: it began its wait right as a timer of its thread fired, and its length divides the
 * gap between two fires seen of that thread into whole periods, which a call's timers armed at the call do not.
 * Learned within the session, from the fires settles waited for: the first re-arm of a rhythm is waited for.
 */
export class TimerRhythms {
  readonly #fires = new Map<string, number[]>();

  /** A timer of `thread` due at `at` (`performance.now()` time) fired while a settle waited for it. */
  fired(thread: string, at: number): void {
    const fires = this.#fires.get(thread) ?? [];
    if (fires.length > 0 && Math.abs((fires.at(-1) as number) - at) < 1) return;
    fires.push(at);
    if (fires.length > FIRES_KEPT) fires.shift();
    this.#fires.set(thread, fires);
  }

  /** Whether `timer` is a rhythm of its thread re-armed by its last fire. */
  rearmed(timer: Pending): boolean {
    const period = timer.timeoutMs;
    if (period === undefined || period < MIN_PERIOD_MS || timer.dueAt === undefined) return false;
    const fires = this.#fires.get(timer.thread);
    if (fires === undefined || fires.length < 2) return false;
    const last = fires.at(-1) as number;
    if (Math.abs(timer.dueAt - period - last) > ARMED_WITHIN_MS) return false;
    return fires.slice(0, -1).some((earlier) => wholePeriods(last - earlier, period));
  }
}

/** Whether `gap` is a whole number (1 to `MAX_PERIODS`) of `period`, within the drift each period allows. */
function wholePeriods(gap: number, period: number): boolean {
  const periods = Math.round(gap / period);
  return (
    periods >= 1 &&
    periods <= MAX_PERIODS &&
    Math.abs(gap - periods * period) <= periods * slackPerPeriod(period)
  );
}
