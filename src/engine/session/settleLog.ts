import { DEFAULTS } from '../../settings/checkSettings.js';
import type { SettleSummary } from '../../model/report.js';

/** How long one call's end waited for what it started in the server, and what it could not wait for. */
export interface Settled {
  readonly waitedMs: number;
  /** A time-out the call set that was due after the bound (not waited for), in ms after the answer. */
  readonly beyondMs?: number;
  /** The bound ran out with a thread still working. */
  readonly busyAtBound?: boolean;
}

/** The longest a call's end waits for what it started in the server, by default (`--settle-max`). */
const SETTLE_MAX_MS = DEFAULTS.settleMax;

/** A call that waited less than this for its server to settle did not wait (the look itself takes ~0.1 ms). */
const WAITED_MS = 2;

/**
 * What settling cost over one check, and what it could not wait for: every call and resource read of every
 * session (`settlingCalls`) records how it settled here. Shown in the report's settings.
 */
export class SettleLog {
  #calls = 0;
  #waits = 0;
  #waitedMs = 0;
  #longestMs = 0;
  #beyond = 0;
  #beyondMs = 0;
  #busy = 0;
  #unobservable = false;
  #trailMs = 0;
  #idleLeft = 0;
  #rhythmLeft = 0;
  #distrusted = 0;

  constructor(readonly maxMs: number = SETTLE_MAX_MS) {}

  record(settled: Settled): void {
    this.#calls++;
    if (settled.waitedMs >= WAITED_MS) {
      this.#waits++;
      this.#waitedMs += settled.waitedMs;
      this.#longestMs = Math.max(this.#longestMs, settled.waitedMs);
    }
    if (settled.beyondMs !== undefined) {
      this.#beyond++;
      this.#beyondMs = Math.max(this.#beyondMs, settled.beyondMs);
    }
    if (settled.busyAtBound === true) this.#busy++;
  }

  /** A call set a time-out due `ms` after its answer (the longest such widens `horizonMs`). */
  trailed(ms: number): void {
    this.#trailMs = Math.max(this.#trailMs, ms);
  }

  /**
   * How soon after an answer a timer pending since before the call must be due to be waited past (a timer the
   * call set may be queued behind it): as long as a time-out a call set was seen to trail its answer in this
   * check, within the bound; none until one was. Learned, not fixed: V8 arms a timer ~8 s ahead in every Node
   * process, and waiting past it within the bound would cost every Node server seconds per session.
   */
  horizonMs(): number {
    return Math.min(this.maxMs, this.#trailMs);
  }

  /** A settle left `count` timers unwaited, learned to fire with nothing done (`IdleTimers`). */
  idleLeft(count: number): void {
    this.#idleLeft += count;
  }

  /** A settle left `count` timers unwaited, the server's rhythm armed again by its own fire (`TimerRhythms`). */
  rhythmLeft(count: number): void {
    this.#rhythmLeft += count;
  }

  /** A session's server did something between calls after timers were left unwaited: it learns no more. */
  distrusted(): void {
    this.#distrusted++;
  }

  /** The server's threads could not be read here: nothing was waited for. */
  unobservable(): void {
    this.#unobservable = true;
  }

  summary(): SettleSummary {
    return {
      maxMs: this.maxMs,
      observable: !this.#unobservable,
      calls: this.#calls,
      waited: this.#waits,
      waitedMs: Math.round(this.#waitedMs),
      longestMs: Math.round(this.#longestMs),
      trailMs: Math.round(this.#trailMs),
      ...(this.#beyond === 0 ? {} : { beyondBound: this.#beyond, beyondMs: this.#beyondMs }),
      ...(this.#busy === 0 ? {} : { busyAtBound: this.#busy }),
      ...(this.#idleLeft === 0 ? {} : { idleLeft: this.#idleLeft }),
      ...(this.#rhythmLeft === 0 ? {} : { rhythmLeft: this.#rhythmLeft }),
      ...(this.#distrusted === 0 ? {} : { distrusted: this.#distrusted }),
    };
  }
}
