import { describeEgress } from '../../harness/process/index.js';
import { completed } from '../model/callOutcome.js';
import type { CallOutcome } from '../model/callOutcome.js';
import type { CallRecord, Observation } from '../model/observation.js';
import type { Colors } from './colors.js';
import type { PreambleCall } from '../model/report.js';
import { formatArgs } from './formatArgs.js';
import { formatChanges } from './formatChange.js';
import { formatOutcome } from './formatOutcome.js';
import { formatSample } from './formatSample.js';
import { inertText, readInert } from '../model/inertText.js';

/**
 * One command on one line, for verbose output, after a line per call of its preamble (if any):
 * `    read_note {"name":"a.md"} → call 1: returned · append fs:.access.log (+9 bytes); call 2: isError: not found · no change`
 * (` · egress: connection to 127.0.0.1:9 (ECONNREFUSED)` after a call's changes when it tried to reach outside the
 * sandbox),
 * `      after add_note {"name":"a.md"} → returned · add fs:a.md (file, 3 bytes)`. An error whose text is
 * JSON is pretty-printed over the lines after.
 */
export function formatObservation(
  observation: Observation,
  colors: Colors,
  preamble: readonly PreambleCall[] = [],
): string {
  const steps = preamble.map(
    (step) =>
      `      ${colors.dim(
        `after ${step.tool} ${formatArgs(step.args)} → ${formatSample(step.outcome, '        ')} · ${
          step.changes.length > 0 ? formatChanges(step.changes).join(', ') : 'no change'
        }`,
      )}\n`,
  );
  const calls = [formatCall(1, observation.call1)];
  calls.push(
    observation.call2 ? formatCall(2, observation.call2) : `call 2: not made (${whyNotMade(observation)})`,
  );
  if (observation.excluded.length > 0)
    calls.push(colors.dim(`excluded: ${formatChanges(observation.excluded).join(', ')}`));
  return `${steps.join('')}    ${observation.tool} ${colors.dim(formatArgs(observation.args))} → ${calls.join('; ')}`;
}

function formatCall(call: 1 | 2, record: CallRecord): string {
  const changes = record.changes.length > 0 ? formatChanges(record.changes).join(', ') : 'no change';
  return `call ${call}: ${formatSample(outcomeOf(record.outcome), '      ')} · ${changes}${formatReached(record)}`;
}

/** The most attempts to reach outside the sandbox listed per call (the rest counted). */
const EGRESS_LISTED = 3;

/** ` · egress: connection to 127.0.0.1:9 (ECONNREFUSED)`: what the call tried to reach outside the sandbox. */
function formatReached(record: CallRecord): string {
  const attempts = [...new Set((record.egress ?? []).map((attempt) => describeEgress(attempt)))];
  if (attempts.length === 0) return '';
  const more = attempts.length - EGRESS_LISTED;
  return ` · egress: ${attempts.slice(0, EGRESS_LISTED).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/**
 * How an inert call ended, as a sample: its text read back before `describeFailure` joins or compacts it (an
 * escaped line break is no JSON whitespace), then made inert again.
 */
function outcomeOf(outcome: CallOutcome): string {
  switch (outcome.status) {
    case 'returned':
      return inertText(formatOutcome({ ...outcome, text: readInert(outcome.text) }));
    case 'rejected':
    case 'crashed':
      return inertText(formatOutcome({ ...outcome, message: readInert(outcome.message) }));
    case 'malformed':
      return inertText(formatOutcome({ ...outcome, sample: readInert(outcome.sample) }));
    case 'timeout':
      return formatOutcome(outcome);
  }
}

/**
 * Why a command's second call was not made: call 1 did not complete (its outcome says why), or the server was
 * gone after it (it exited, or was stopped, e.g. by the disk limit).
 */
function whyNotMade(observation: Observation): string {
  if (!completed(observation.call1.outcome)) return 'call 1 failed';
  return observation.call2Skipped ?? 'the server was no longer running after call 1';
}
