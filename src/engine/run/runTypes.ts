import type { Change } from '../../../harness/index.js';
import type { EgressAttempt } from '../../../harness/process/index.js';
import type { ArgumentGuard } from '../../generate/index.js';
import type { Observation } from '../../model/observation.js';
import type { PreambleCall } from '../../model/report.js';

/** What a control run saw: the egress of its window, and how old its server was when the window began. */
export interface ControlWindow {
  readonly egress: readonly EgressAttempt[];
  readonly fromAgeMs: number;
  /** What changed in the sandbox over the window (from just after the calls before to its end), unexcluded. */
  readonly changes: readonly Change[];
  /** The attempts its server made from its start to the window's end, by destination (when traced). */
  readonly egressCounted?: ReadonlyMap<string, number>;
}

/**
 * Control windows inside a confirming replay: `ms` with no call just before the command (`beforeCommand`) and
 * between its two calls (`betweenCalls`). What changes in them happens without the command (see controlState).
 */
export interface ControlWindows {
  readonly ms: number;
  readonly beforeCommand: boolean;
  readonly betweenCalls: boolean;
}

/** What the control windows of a run showed (those taken): changes made while no call was. */
export interface WindowChanges {
  beforeCommand?: readonly Change[];
  betweenCalls?: readonly Change[];
}

/** The arguments a call would be made with at one point of a session (its live choices resolved then). */
export type Resolver = (planned: PlannedCall) => Record<string, unknown>;

/** A call to make: a tool, its generated arguments (which may hold live choices) and its schema guard. */
export interface PlannedCall {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly guard: ArgumentGuard;
}

/** A preamble call as it was made: called once, to build state; checked only in its own tool's runs. */
export type PreambleStep = PreambleCall;

/** A call as the session made it (live choices resolved, placeholders kept): replayable on a fresh sandbox. */
export interface MadeCall {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** Whether the call changed anything observable (calls that did not are the first dropped from a history). */
  readonly changed?: boolean;
  /**
   * The strings its answer held (placeholders kept): what it may have made for later calls to name, so that
   * a confirmation keeps the calls a contradiction's arguments came from (`minimise`).
   */
  readonly answered?: readonly string[];
}

/** What one run came to: the preamble as made, then the checked command (absent when it could not be made). */
export interface RunResult {
  readonly steps: readonly PreambleStep[];
  readonly observation?: Observation;
  /**
   * Values naming entities that existed just before the checked command (harvested from its pre-state, the
   * bare placeholder of a sandbox root such as `{fs}` included).
   */
  readonly existing: ReadonlySet<string>;
  /** The kinds of state (tables, directories) just before the checked command, and which held anything. */
  readonly kinds?: ReadonlyMap<string, boolean>;
  /** Why the checked command was not made (the server died during the preamble). */
  readonly aborted?: string;
  /**
   * Tools whose earlier calls in the session supplied values that a successful call of this run used (see
   * `suppliersOf`): producers by data flow.
   */
  readonly suppliers?: readonly string[];
  /** What the run's control windows showed (a confirming replay given `ControlWindows`). */
  readonly windows?: WindowChanges;
}
