import type { CheckSettings } from '../../settings/checkSettings.js';
import type fc from 'fast-check';
import type { Change } from '../../../harness/index.js';
import type { ArgumentGuard } from '../../generate/index.js';
import type { HintName, Hints } from '../../model/hints.js';
import type { EventSink } from '../../model/events.js';
import type { SessionPath } from '../run/sessionPath.js';
import type { SessionRunner } from '../run/sessionRunner.js';
import type { RunResult } from '../run/runSequence.js';
import type { SessionPool } from '../session/sessionPool.js';
import type { ClosedWorldWatch } from '../confirm/confirmClosedWorld.js';

/** A tool's argument generator with its guard and the arguments a config file fixes for it. */
export interface CallGenerator {
  readonly tool: string;
  readonly arbitrary: fc.Arbitrary<Record<string, unknown>>;
  readonly guard: ArgumentGuard;
  readonly fixedArgs: Readonly<Record<string, unknown>>;
}

/**
 * One round of a tool's search: the generators it draws on, the claims still open, its budget and seed, the
 * sessions it runs on and where what it finds goes.
 */
export interface RoundOptions {
  readonly pool: SessionPool;
  readonly target: CallGenerator;
  /** Preamble candidates, in order, with their weights; none: the command runs with no calls of its own before. */
  readonly preamble: ReadonlyArray<CallGenerator & { readonly weight: number }>;
  /** The favoured candidates (`--producers` in replay commands), recorded with a counterexample. */
  readonly producers: readonly string[];
  readonly effective: Hints;
  /** The claims not contradicted yet: only these are looked for. */
  readonly open: ReadonlySet<HintName>;
  readonly seed: number;
  readonly numRuns: number;
  /** Replay this path (with `seed`) once instead of searching. */
  readonly path?: SessionPath;
  /** Calls a session makes before the next run takes a fresh one; 0: every run on a fresh sandbox. */
  readonly sessionCalls: number;
  /**
   * The runner of the tool's rounds (`checkTool`), whose session may carry over from the round before; absent:
   * the round has its own, closed at its end.
   */
  readonly runner?: SessionRunner;
  /**
   * The generators of a round before this one, to rebuild a session a replay path says went on from it: of
   * the server's tool `tool` (by index; absent: this round's), alone (`producers` absent) or after preambles
   * favouring those of the server's tools (by index).
   */
  readonly priorRound?: (
    tool: number | undefined,
    producers?: readonly number[],
  ) => Pick<RoundOptions, 'target' | 'preamble'>;
  readonly probePlaceholders: Readonly<Record<string, string>>;
  readonly timeoutSeconds: CheckSettings['timeout'];
  readonly isExcluded: (change: Change) => boolean;
  readonly emit: EventSink;
  /** Called with every run of the search (shrink candidates and confirmations aside): the tally. */
  readonly onRun: (result: RunResult) => void;
  /** Called for every command whose generated arguments failed the schema guard (not sent). */
  readonly onInvalid: () => void;
  /** Closed-world determinism, for a tool claiming `openWorldHint: false`: every run's observation is shown to it. */
  readonly closedWorld?: ClosedWorldWatch;
  /** Stops the check: once it fired, no run is made and nothing found is confirmed (fast-check's runs end as no-ops). */
  readonly signal?: AbortSignal;
}
