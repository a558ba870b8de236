import type { CommandOptions } from './executeCommand.js';
import { LiveSession } from './liveSession.js';
import type { MadeCall, PlannedCall, RunResult } from './runSequence.js';
import { runOn, runSequence, takeLive } from './runSequence.js';
import type { CarriedRuns } from './sessionPath.js';
import type { RunSession } from '../session/session.js';
import type { SessionPool } from '../session/sessionPool.js';

/** A round the session in use went on from: its runs made, its tool (index in the server's list) and seed. */
interface MadeRound {
  readonly start: number;
  readonly end: number;
  readonly producers?: readonly number[];
  readonly tool: number;
  readonly seed: number;
}

/**
 * Runs a search's runs in sessions: each run on the session in use, a fresh one once the current has made
 * `sessionCalls` calls or its server died. With `sessionCalls` 0 every run takes a fresh sandbox. One runner
 * serves every round of a chain of tools (`checkAll`): a session goes on from round to round and tool to tool.
 */
export class SessionRunner {
  #live: LiveSession | undefined;
  #start = 0;
  /** The highest run index of the current round so far. */
  #last = -1;
  #carried: readonly MadeRound[] = [];
  #historyBefore: readonly MadeCall[] = [];
  /** The current round's tool and seed (`round`). */
  #tool = 0;
  #seed = 0;
  /** The current round's first run is made on a fresh sandbox if other tools' calls changed the session's. */
  #freshFirst = false;

  constructor(
    private readonly pool: SessionPool,
    private readonly sessionCalls: number,
    /**
     * Asked once, for the first session: one to begin with instead of taking one (the probe's, handed on to
     * the first tool), or undefined. Whoever hands it releases it when it was never asked for.
     */
    private first?: () => Promise<RunSession> | undefined,
  ) {}

  /**
   * The round about to run: its tool's index in the server's list and its seed, for the rounds it carries.
   * `freshFirst`: make its run 0 alone on a fresh sandbox when the session in use went on from other tools
   * whose calls changed something (what a server does only to a sandbox no call has touched, a data file it
   * makes on its first read, is seen then), the session going on with run 1.
   */
  round(tool: number, seed: number, freshFirst = false): void {
    this.#tool = tool;
    this.#seed = seed;
    this.#freshFirst = freshFirst;
  }

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
    if (this.#freshFirst && index === 0 && !hold && this.#live !== undefined && this.#touched(this.#live)) {
      // The session's runs of this round begin at 1: a path's rebuild skips this run.
      this.#start = 1;
      this.#historyBefore = [];
      return runSequence(this.pool, preamble, target, options);
    }
    if (this.#live === undefined) {
      this.#start = index;
      this.#carried = [];
      const handed = this.first?.();
      this.first = undefined;
      const taken = await takeLive(this.pool, target, handed);
      if (!(taken instanceof LiveSession)) {
        this.#historyBefore = [];
        return taken;
      }
      this.#live = taken;
    }
    this.#historyBefore = this.#live.history();
    return runOn(this.#live, preamble, target, options);
  }

  /** Whether other tools' calls in `live` changed anything observable: its sandbox may not be as seeded. */
  #touched(live: LiveSession): boolean {
    return this.inherited() && live.history().some((call) => call.changed !== false);
  }

  /** The calls the session made before the last run, in order. */
  historyBefore(): readonly MadeCall[] {
    return this.#historyBefore;
  }

  /** Every call the session in use has made. */
  history(): readonly MadeCall[] {
    return this.#live?.history() ?? [];
  }

  /** The index of the run the session in use began with (0 when it was carried over from the rounds before). */
  sessionStart(): number {
    return this.#start;
  }

  /**
   * The runs of the rounds before that the session in use made before this round's, oldest first, their tool
   * and seed named against this round's (`CarriedRuns`: left out when the tool is this one, the seed positional).
   */
  carried(): readonly CarriedRuns[] | undefined {
    if (this.#carried.length === 0) return undefined;
    const count = this.#carried.length;
    return this.#carried.map(({ start, end, producers, tool, seed }, index) => {
      const offset = seed - this.#seed;
      return {
        start,
        end,
        ...(producers === undefined ? {} : { producers }),
        ...(tool === this.#tool ? {} : { tool }),
        ...(offset === index - count && tool === this.#tool ? {} : { seedOffset: offset }),
      };
    });
  }

  /** Whether the session in use made runs of another tool's rounds before this round's (it went on from them). */
  inherited(): boolean {
    return this.#carried.some((round) => round.tool !== this.#tool);
  }

  /**
   * Ends a round: a session still alive and not full goes on into the next round, whose runs meet what this
   * round's left. It records the runs of this round it made (`producers`: the round's favoured producers as
   * indices into the server's tool list when the tool ran after preambles), so that a replay path can name
   * them and `--path` rebuild the session.
   */
  nextRound(producers?: readonly number[]): void {
    const live = this.#live;
    if (live !== undefined && live.alive() && live.history().length < this.sessionCalls) {
      const start = Math.min(this.#start, this.#last + 1);
      this.#carried = [
        ...this.#carried,
        {
          start,
          end: this.#last + 1,
          ...(producers === undefined ? {} : { producers }),
          tool: this.#tool,
          seed: this.#seed,
        },
      ];
      this.#start = 0;
    } else {
      this.close();
    }
    this.#last = -1;
    // The next round is taken to be this tool's next (its seed one more) until `round` says otherwise.
    this.#seed++;
  }

  /** Hands the session in use back to the pool, which disposes it. */
  close(): void {
    if (this.#live !== undefined) this.pool.release(this.#live.session);
    this.#live = undefined;
    this.#carried = [];
  }
}
