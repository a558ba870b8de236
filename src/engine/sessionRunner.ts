import type { CommandOptions } from './executeCommand.js';
import { LiveSession } from './liveSession.js';
import type { MadeCall, PlannedCall, RunResult } from './runSequence.js';
import { runOn, runSequence, takeLive } from './runSequence.js';
import type { CarriedRuns } from './sessionPath.js';
import type { SessionPool } from './sessionPool.js';

/**
 * Runs a search's runs in sessions: each run on the session in use, a fresh one once the current has made
 * `sessionCalls` calls or its server died. With `sessionCalls` 0 every run takes a fresh sandbox.
 */
export class SessionRunner {
  #live: LiveSession | undefined;
  #start = 0;
  /** The highest run index of the current round so far. */
  #last = -1;
  #carried: CarriedRuns | undefined;
  #historyBefore: readonly MadeCall[] = [];

  constructor(
    private readonly pool: SessionPool,
    private readonly sessionCalls: number,
  ) {}

  /** Run number `index` of the search; `hold` keeps the session whatever its length (a session rebuilt). */
  async run(
    index: number,
    preamble: readonly PlannedCall[],
    target: PlannedCall,
    options: CommandOptions,
    hold = false,
  ): Promise<RunResult> {
    this.#last = Math.max(this.#last, index);
    if (this.sessionCalls === 0) {
      this.#start = index;
      this.#historyBefore = [];
      return runSequence(this.pool, preamble, target, options);
    }
    const live = this.#live;
    if (live !== undefined && (!live.alive() || (!hold && live.history().length >= this.sessionCalls))) {
      this.pool.release(live.session);
      this.#live = undefined;
    }
    if (this.#live === undefined) {
      this.#start = index;
      this.#carried = undefined;
      const taken = await takeLive(this.pool, target);
      if (!(taken instanceof LiveSession)) {
        this.#historyBefore = [];
        return taken;
      }
      this.#live = taken;
    }
    this.#historyBefore = this.#live.history();
    return runOn(this.#live, preamble, target, options);
  }

  /** The calls the session made before the last run, in order. */
  historyBefore(): readonly MadeCall[] {
    return this.#historyBefore;
  }

  /** Every call the session in use has made. */
  history(): readonly MadeCall[] {
    return this.#live?.history() ?? [];
  }

  /** The index of the run the session in use began with (0 when it was carried over from the round before). */
  sessionStart(): number {
    return this.#start;
  }

  /** The runs of the round before that the session in use made before this round's (see `nextRound`). */
  carried(): CarriedRuns | undefined {
    return this.#carried;
  }

  /**
   * Ends a round. With `carry` (the round ran the tool alone, so the runs it made are rebuilt from its seed
   * alone), a session that began in this round and is still alive goes on into the next, whose runs meet what
   * this round's left; any other session is handed back. A session is carried over once at most: a replay
   * path names one round before its own.
   */
  nextRound(carry: boolean): void {
    const live = this.#live;
    if (carry && live !== undefined && live.alive() && this.#carried === undefined) {
      this.#carried = { start: this.#start, end: this.#last + 1 };
      this.#start = 0;
    } else {
      this.close();
    }
    this.#last = -1;
  }

  /** Hands the session in use back to the pool, which disposes it. */
  close(): void {
    if (this.#live !== undefined) this.pool.release(this.#live.session);
    this.#live = undefined;
    this.#carried = undefined;
  }
}
