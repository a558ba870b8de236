import type { CallOutcome } from '../../model/callOutcome.js';
import type { CallRecord, Observation } from '../../model/observation.js';
import type { AnswerRecord, MetState } from './answerEvidence.js';
import { MAX_ANSWER_RECORDS, MAX_FAILURE_SHAPES } from './answerEvidence.js';
import { answerTemplate } from './answerTemplate.js';

/** Kinds of state a tool names kept, at most. */
const MAX_NAMED_KINDS = 20;

/** The part of a tool's tally (`ToolTally`) that its answers make. */
interface AnswerTally {
  readonly answers?: readonly AnswerRecord[];
  readonly failureShapes?: readonly string[];
  readonly namedKinds?: readonly string[];
}

/**
 * The tally's answers and failure shapes with this observation's: the shape of each call that plainly failed,
 * and, for a command that met state by naming it and changed nothing (`quiet`), its answer.
 */
export function answerEvidence(
  tally: AnswerTally,
  observation: Observation,
  failures: readonly CallRecord[],
  quiet: { repeated: boolean; met: MetState } | undefined,
): AnswerTally {
  const shapes = new Set(tally.failureShapes ?? []);
  for (const call of failures) {
    const text = failureText(call.outcome);
    if (text !== undefined && shapes.size < MAX_FAILURE_SHAPES)
      shapes.add(answerTemplate(text, observation.args));
  }
  const answers = tally.answers ?? [];
  const outcome = observation.call1.outcome;
  const recorded =
    quiet === undefined || outcome.status !== 'returned'
      ? answers
      : answers.length >= MAX_ANSWER_RECORDS
        ? // Past the bound it is not weighed, and counts as unproven (`unproven`).
          [...answers, { template: '', input: '', showsState: false, repeated: quiet.repeated }]
        : [
            ...answers,
            {
              template: answerTemplate(answerText(outcome.text, outcome.structuredContent), observation.args),
              input: `${argumentsKey(observation.args)}\n${quiet.met.state}`,
              showsState: quiet.met.showsState,
              repeated: quiet.repeated,
              ...(quiet.met.kinds === undefined ? {} : { filled: quiet.met.kinds.filled }),
            },
          ];
  const named = new Set([...(tally.namedKinds ?? []), ...(quiet?.met.kinds?.named ?? [])]);
  return {
    ...(named.size === 0 ? {} : { namedKinds: [...named].slice(0, MAX_NAMED_KINDS) }),
    ...(recorded.length === 0 ? {} : { answers: recorded }),
    ...(shapes.size === 0 ? {} : { failureShapes: [...shapes] }),
  };
}

/** The text of a call that completed and failed (its shape is a failure's shape); none for one that did not. */
function failureText(outcome: CallOutcome): string | undefined {
  if (outcome.status === 'returned') return answerText(outcome.text, outcome.structuredContent);
  if (outcome.status === 'rejected') return outcome.message;
  return outcome.status === 'malformed' ? outcome.sample : undefined;
}

/** An answer's text, or its structured content as JSON when it has no text. */
function answerText(text: string, structured: unknown): string {
  if (text.trim() !== '' || structured === undefined) return text;
  try {
    return JSON.stringify(structured) ?? '';
  } catch {
    return '';
  }
}

/** Arguments as a key: equal for equal arguments whatever the order of their properties (bounded). */
function argumentsKey(args: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(args, (_key, value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  ).slice(0, 2000);
}
