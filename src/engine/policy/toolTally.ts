import type { Change, ChangeKind } from '../../../harness/index.js';
import { destructiveChanges, evidenceChanges } from '../../checks/evidenceChanges.js';
import { completed, describeFailure, succeeded } from '../../model/callOutcome.js';
import type { Observation } from '../../model/observation.js';
import type { AnswerRecord, MetState } from './answerEvidence.js';
import { UNSEEN_STATE } from './answerEvidence.js';
import { answerEvidence } from './recordAnswer.js';
import { kindsNeverMet, stateNeverShown } from './demonstrated.js';
import type { EnumProperties, EnumUse } from './enumCoverage.js';
import { recordEnumUse, unexercisedModes } from './enumCoverage.js';
import type { OutsideService } from './outsideServices.js';
import { recordSqlWrites, unexercisedWrites } from './sqlCoverage.js';
import { outsideServices } from './outsideServices.js';

/** What the observations of one tool add up to: the facts that verdicts and suggestions rest on. */
export interface ToolTally {
  readonly observations: number;
  /** tools/call requests made (two per completed command). */
  readonly calls: number;
  /** Calls that did not return without isError. */
  readonly errors: number;
  /** Observations whose first call succeeded: the evidence a `consistent` verdict needs. */
  readonly successful: number;
  /** Observations whose first call succeeded and whose repeat completed: evidence about idempotency. */
  readonly repeated: number;
  /**
   * Observations whose first call succeeded and met existing state (`metExisting`) or changed state seen as a
   * whole: the tool visibly did something. A call that named nothing and changed nothing may have failed in
   * words hintproof cannot read (a bad argument answered in prose), and says nothing about egress.
   */
  readonly acted: number;
  /** Observations counted in both `acted` and `repeated`: a silent repeat of them says a reader is idempotent. */
  readonly repeatedActed: number;
  /**
   * Observations whose first call succeeded and changed something, and whose repeat completed: a silent repeat
   * of them says a writer is idempotent (a repeat of a call that changed nothing says nothing of its writes).
   */
  readonly repeatedChanged: number;
  /** Observations in which either call changed anything / modified or deleted / the repeat changed anything. */
  readonly changed: number;
  readonly destroyed: number;
  readonly changedOnRepeat: number;
  /** Commands not sent because their generated arguments failed the schema guard. */
  readonly invalidArguments: number;
  /**
   * Observations whose first call succeeded against existing state: its arguments named an entity present
   * before the call, or it appended to, modified or deleted one. Only these can show that a tool does not
   * destroy.
   */
  readonly metExisting: number;
  /**
   * Observations counted in `metExisting` whose calls also changed something: only these show what the tool
   * does to existing state when it writes (a call that met a note but matched nothing in it shows nothing).
   */
  readonly changedExisting: number;
  /**
   * Observations whose arguments named an entity harvested from the sandbox (drawn from the pool), the bare
   * sandbox root (`{fs}`) aside.
   */
  readonly pooled: number;
  /** Observations made after a preamble of other calls in the same run. */
  readonly afterPreamble: number;
  /** Observations whose arguments had at least one property (a tool with none cannot meet the sandbox). */
  readonly withArguments: number;
  /** Observations in which either call tried to reach outside the sandbox. */
  readonly egressed: number;
  /** Observations in which either call produced a change of each kind (counters included). */
  readonly kinds: Readonly<Record<ChangeKind, number>>;
  readonly sampleError?: string;
  /** The tool's top-level string enum properties (`tallyFor`), and the values used in successful commands. */
  readonly enums?: EnumProperties;
  readonly enumUse?: EnumUse;
  /** The tool's top-level SQL properties (`sqlProperties`), and those a writing statement succeeded through. */
  readonly sql?: readonly string[];
  readonly sqlWritten?: readonly string[];
  /** Services outside the sandbox that the first failing call(s) to name any tried to reach and could not. */
  readonly unreachable?: readonly OutsideService[];
  /**
   * The answers of commands that met existing state by naming it and changed nothing (`AnswerRecord`): their
   * answer is their only sign of having done their job (see `demonstrated`).
   */
  readonly answers?: readonly AnswerRecord[];
  /** The shapes (`answerTemplate`) of the tool's plainly failed calls, without repeats. */
  readonly failureShapes?: readonly string[];
  /** The kinds of state (tables, directories) the tool names that its quiet commands met (`namedKinds`). */
  readonly namedKinds?: readonly string[];
}

export const EMPTY_TALLY: ToolTally = {
  observations: 0,
  calls: 0,
  errors: 0,
  successful: 0,
  repeated: 0,
  acted: 0,
  repeatedActed: 0,
  repeatedChanged: 0,
  changed: 0,
  destroyed: 0,
  changedOnRepeat: 0,
  invalidArguments: 0,
  metExisting: 0,
  changedExisting: 0,
  pooled: 0,
  afterPreamble: 0,
  withArguments: 0,
  egressed: 0,
  kinds: { add: 0, append: 0, modify: 0, delete: 0, counter: 0 },
};

/**
 * Pure: an empty tally for a tool whose top-level enum properties are `enums` (see `enumProperties`) and whose
 * SQL properties are `sql` (see `sqlProperties`).
 */
export function tallyFor(enums: EnumProperties, sql: readonly string[] = []): ToolTally {
  return {
    ...EMPTY_TALLY,
    ...(Object.keys(enums).length === 0 ? {} : { enums, enumUse: {} }),
    ...(sql.length === 0 ? {} : { sql, sqlWritten: [] }),
  };
}

/**
 * Pure: what a mode-like enum property left unexercised (`action: only list was exercised (create, delete
 * never succeeded)`), each SQL property no writing statement succeeded through, and the state a tool's quiet
 * commands met but never showed they did their job on (`stateNeverShown`). Empty when every mode was used in
 * a successful command (or the tool has none) and no such doubt holds.
 */
export function unexercised(tally: ToolTally): string[] {
  return [
    ...(tally.enums === undefined ? [] : unexercisedModes(tally.enums, tally.enumUse ?? {})),
    ...(tally.sql === undefined ? [] : unexercisedWrites(tally.sql, tally.sqlWritten ?? [])),
    ...[stateNeverShown(tally) ?? kindsNeverMet(tally)].filter((line) => line !== undefined),
  ];
}

/**
 * Whether a command met existing state: its first call succeeded, and its arguments named what existed
 * (`namesExisting`) or its calls appended to, modified or deleted something seen as a whole, or added to a
 * file that was there (`within`).
 */
export function metExisting(observation: Observation, namesExisting: boolean): boolean {
  if (!succeeded(observation.call1.outcome)) return false;
  if (namesExisting) return true;
  const calls = observation.call2 ? [observation.call1, observation.call2] : [observation.call1];
  return calls.some((call) =>
    call.changes.some(
      (c) =>
        c.partial !== true &&
        (c.kind === 'append' || c.kind === 'modify' || c.kind === 'delete' || c.within !== undefined),
    ),
  );
}

/**
 * Pure: the tally with one more observation. `namesExisting` says whether the arguments named an entity that
 * existed before the call (the engine knows the sandbox's harvested values).
 */
export function tallyObservation(
  tally: ToolTally,
  observation: Observation,
  namesExisting = false,
  /** What call 1's answer showed of the state the command met, and that state (`metState`). */
  metState: MetState = UNSEEN_STATE,
): ToolTally {
  const calls = observation.call2 ? [observation.call1, observation.call2] : [observation.call1];
  const failures = calls.filter((call) => !succeeded(call.outcome));
  const firstSucceeded = succeeded(observation.call1.outcome);
  const all = calls.flatMap((call) => call.changes);
  // What the tool did to state seen as a whole: a change seen only through a read by id (`partial`) shows no
  // addition elsewhere, so it neither names the tool's behaviour nor counts as meeting existing state.
  const whole = all.filter((change) => change.partial !== true);
  const sample =
    tally.sampleError ?? failures.map((call) => describeFailure(call.outcome))[0] ?? observation.call2Skipped;
  const unreachable =
    tally.unreachable ??
    failures
      .map((call) => outsideServices(call.egress ?? [], describeFailure(call.outcome)))
      .find((services) => services.length > 0);
  const met = metExisting(observation, namesExisting);
  const repeated = firstSucceeded && observation.call2 !== undefined && completed(observation.call2.outcome);
  const changed = evidenceChanges(all).length > 0;
  const firstChanged = firstSucceeded && evidenceChanges(observation.call1.changes).length > 0;
  const acted =
    met ||
    (firstSucceeded &&
      evidenceChanges(observation.call1.changes.filter((c) => c.partial !== true)).length > 0);
  return {
    ...tally,
    observations: tally.observations + 1,
    withArguments: tally.withArguments + (Object.keys(observation.args).length > 0 ? 1 : 0),
    calls: tally.calls + calls.length,
    errors: tally.errors + failures.length,
    successful: tally.successful + (firstSucceeded ? 1 : 0),
    repeated: tally.repeated + (repeated ? 1 : 0),
    acted: tally.acted + (acted ? 1 : 0),
    repeatedActed: tally.repeatedActed + (repeated && acted ? 1 : 0),
    repeatedChanged: tally.repeatedChanged + (repeated && firstChanged ? 1 : 0),
    changed: tally.changed + (changed ? 1 : 0),
    destroyed: tally.destroyed + (destructiveChanges(all).length > 0 ? 1 : 0),
    changedOnRepeat:
      tally.changedOnRepeat +
      (observation.call2 && evidenceChanges(observation.call2.changes).length > 0 ? 1 : 0),
    kinds: countKinds(tally.kinds, whole),
    egressed: tally.egressed + (calls.some((call) => (call.egress?.length ?? 0) > 0) ? 1 : 0),
    metExisting: tally.metExisting + (met ? 1 : 0),
    changedExisting: tally.changedExisting + (met && changed ? 1 : 0),
    ...(sample === undefined ? {} : { sampleError: sample }),
    ...answerEvidence(
      tally,
      observation,
      failures,
      met && !changed ? { repeated, met: metState } : undefined,
    ),
    ...(unreachable === undefined ? {} : { unreachable }),
    ...(tally.enums !== undefined && firstSucceeded
      ? { enumUse: recordEnumUse(tally.enumUse ?? {}, tally.enums, observation.args) }
      : {}),
    ...(tally.sql !== undefined && firstSucceeded
      ? { sqlWritten: recordSqlWrites(tally.sqlWritten ?? [], tally.sql, observation.args, firstChanged) }
      : {}),
  };
}

/** One more observation for every change kind that occurs among `changes`. */
function countKinds(kinds: ToolTally['kinds'], changes: readonly Change[]): ToolTally['kinds'] {
  const seen = new Set(changes.map((change) => change.kind));
  const count = (kind: ChangeKind) => kinds[kind] + (seen.has(kind) ? 1 : 0);
  return {
    add: count('add'),
    append: count('append'),
    modify: count('modify'),
    delete: count('delete'),
    counter: count('counter'),
  };
}

/** Pure: the tally with one more command whose arguments were not sent. */
export function tallyInvalidArguments(tally: ToolTally): ToolTally {
  return { ...tally, invalidArguments: tally.invalidArguments + 1 };
}

/** Pure: the tally with its last observation counted as drawn from the pool. */
export function tallyPooled(tally: ToolTally): ToolTally {
  return { ...tally, pooled: tally.pooled + 1 };
}

/** Pure: the tally with its last observation counted as made after a preamble. */
export function tallyAfterPreamble(tally: ToolTally): ToolTally {
  return { ...tally, afterPreamble: tally.afterPreamble + 1 };
}
