import type { Change } from '../../harness/index.js';
import type { EgressAttempt } from '../../harness/process/index.js';
import type { CallOutcome } from './callOutcome.js';

/** One call of a command: how it ended and what it changed (ambient and ignored changes already removed). */
export interface CallRecord {
  readonly outcome: CallOutcome;
  readonly changes: readonly Change[];
  /** Attempts to reach outside the sandbox during the call (absent when egress is not observed). */
  readonly egress?: readonly EgressAttempt[];
  /** How long the call took: a control window for its egress lasts as long. */
  readonly durationMs?: number;
  /** How long after its server was ready the call ended (ms): a control run lasts at least as long. */
  readonly endedAtMs?: number;
  /**
   * For each destination of `egress`: the attempts its server had made there from its start to the end of this
   * call, the call's own included (see `RunSession.egressCounted`). Internal, like the two fields above.
   */
  readonly egressCounted?: ReadonlyMap<string, number>;
}

/**
 * One command (a tool and its arguments) called twice in a row, against the state just before it.
 * `call2` is absent when call 1 timed out or crashed: there was no server left to call again.
 */
export interface Observation {
  readonly tool: string;
  /** The arguments as generated, placeholders (`{fs}`) not yet substituted. */
  readonly args: Readonly<Record<string, unknown>>;
  readonly call1: CallRecord;
  readonly call2?: CallRecord;
  /** Why call 2 was not made though call 1 completed: the server was stopped (the disk guard's reason). */
  readonly call2Skipped?: string;
  /** Changes removed because they were ambient or matched an `--ignore` pattern; shown, never checked. */
  readonly excluded: readonly Change[];
}
