import type { Change } from '../../harness/index.js';
import type { EgressAttempt } from '../../harness/process/index.js';
import type { HintName } from '../model/hints.js';

/** An observation that contradicts one effective hint. */
export interface Violation {
  readonly hint: HintName;
  /** Which call of the command showed it. */
  readonly call: 1 | 2;
  /** The observed fact, e.g. `read_note claims readOnlyHint: true but changed the sandbox`. */
  readonly title: string;
  /** The changes that contradict the hint (counters excluded). */
  readonly changes: readonly Change[];
  /** The attempts to reach outside the sandbox that contradict `openWorldHint: false`. */
  readonly egress?: readonly EgressAttempt[];
}
