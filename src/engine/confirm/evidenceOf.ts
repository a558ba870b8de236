import type fc from 'fast-check';
import { describeFailure, succeeded } from '../../model/callOutcome.js';
import type { HintName } from '../../model/hints.js';
import type { Evidence, FlakyEvidence } from '../../model/report.js';
import { ContradictionFound } from './contradictionFound.js';
import type { CarriedRuns } from '../run/sessionPath.js';
import { formatSessionPath } from '../run/sessionPath.js';

/** What a finished fast-check round found: how the search ended, as the report's evidence. */
export interface RoundFindings {
  readonly contradictions: Partial<Record<HintName, Evidence>>;
  readonly flaky: readonly FlakyEvidence[];
}

/**
 * The evidence of a failed round (the smallest failing case fast-check reached, with the seed and path that
 * replay it: its session and the history calls it kept, when it needed them). Rethrows anything but a
 * contradiction: an exception from the engine is a bug, never a verdict.
 */
export function evidenceOf<Ts>(
  details: fc.RunDetails<Ts>,
  found: {
    readonly kind: string;
    readonly kept?: readonly number[];
    readonly sessionStart?: number;
    readonly carried?: readonly CarriedRuns[];
    /** The contradiction to report instead of the one the property threw (the shrunk one run alone). */
    readonly error?: ContradictionFound;
  },
  flaky: readonly FlakyEvidence[],
  round: {
    readonly seed: number;
    readonly producers: readonly string[];
    readonly preambleCandidates: number;
  },
  replay: (path: string) => string,
): RoundFindings {
  if (!details.failed) return { contradictions: {}, flaky };
  const error = found.error ?? details.errorInstance;
  if (!(error instanceof ContradictionFound)) throw error;
  const path = formatSessionPath({
    fcPath: details.counterexamplePath ?? '',
    ...(found.sessionStart === undefined ? {} : { sessionStart: found.sessionStart }),
    ...(found.kept === undefined ? {} : { kept: found.kept }),
    ...(found.carried === undefined ? {} : { carried: found.carried }),
  });
  const withPreamble = round.preambleCandidates > 0 || error.steps.length > 0;
  const contradictions: Partial<Record<HintName, Evidence>> = {};
  for (const violation of error.violations) {
    contradictions[violation.hint] = {
      args: error.observation.args,
      call: violation.call,
      changes: violation.changes,
      seed: round.seed,
      path,
      replay: replay(path),
      title: violation.title,
      outcomes: [error.observation.call1, error.observation.call2]
        .filter((call) => call !== undefined)
        .map((call) => (succeeded(call.outcome) ? 'returned' : describeFailure(call.outcome))),
      shrinks: details.numShrinks,
      ...(violation.egress === undefined ? {} : { egress: violation.egress }),
      ...(withPreamble ? { preamble: error.steps, producers: round.producers } : {}),
    };
  }
  return { contradictions, flaky };
}
