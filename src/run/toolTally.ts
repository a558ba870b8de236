import { destructiveChanges, evidenceChanges } from '../checks/evidenceChanges.js';
import { completed, describeFailure, succeeded } from '../mcp/callOutcome.js';
import type { Observation } from './observation.js';

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
  /** Observations in which either call changed anything / modified or deleted / the repeat changed anything. */
  readonly changed: number;
  readonly destroyed: number;
  readonly changedOnRepeat: number;
  /** Commands not sent because their generated arguments failed the schema guard. */
  readonly invalidArguments: number;
  readonly sampleError?: string;
}

export const EMPTY_TALLY: ToolTally = {
  observations: 0,
  calls: 0,
  errors: 0,
  successful: 0,
  repeated: 0,
  changed: 0,
  destroyed: 0,
  changedOnRepeat: 0,
  invalidArguments: 0,
};

/** Pure: the tally with one more observation. */
export function tallyObservation(tally: ToolTally, observation: Observation): ToolTally {
  const calls = observation.call2 ? [observation.call1, observation.call2] : [observation.call1];
  const failures = calls.filter((call) => !succeeded(call.outcome));
  const firstSucceeded = succeeded(observation.call1.outcome);
  const all = calls.flatMap((call) => call.changes);
  const sample = tally.sampleError ?? failures.map((call) => describeFailure(call.outcome))[0];
  return {
    ...tally,
    observations: tally.observations + 1,
    calls: tally.calls + calls.length,
    errors: tally.errors + failures.length,
    successful: tally.successful + (firstSucceeded ? 1 : 0),
    repeated:
      tally.repeated + (firstSucceeded && observation.call2 && completed(observation.call2.outcome) ? 1 : 0),
    changed: tally.changed + (evidenceChanges(all).length > 0 ? 1 : 0),
    destroyed: tally.destroyed + (destructiveChanges(all).length > 0 ? 1 : 0),
    changedOnRepeat:
      tally.changedOnRepeat +
      (observation.call2 && evidenceChanges(observation.call2.changes).length > 0 ? 1 : 0),
    ...(sample === undefined ? {} : { sampleError: sample }),
  };
}

/** Pure: the tally with one more command whose arguments were not sent. */
export function tallyInvalidArguments(tally: ToolTally): ToolTally {
  return { ...tally, invalidArguments: tally.invalidArguments + 1 };
}
