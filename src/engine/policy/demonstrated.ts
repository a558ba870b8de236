import type { AnswerRecord } from './answerEvidence.js';
import { unproven, unprovenAnswers, unprovenReason } from './answerEvidence.js';

/** The failure shapes of a tool none of whose calls plainly failed (one list, so weighing is cached). */
const NO_SHAPES: readonly string[] = [];

/** A tighter hint is suggested only on at least this many supporting observations (one proves little). */
export const MIN_SUPPORT = 5;

/** The counts of a tally that rest on calls having met existing state. */
export interface MetCounts {
  readonly changed: number;
  readonly metExisting: number;
  readonly acted: number;
  readonly repeatedActed: number;
  readonly answers?: readonly AnswerRecord[];
  readonly failureShapes?: readonly string[];
  readonly namedKinds?: readonly string[];
}

/**
 * Pure: the counts of commands that met existing state and demonstrably did their job on it: those whose
 * answer is no sign of it (`unproven`: the shape of a failed call, or one shape whatever the arguments with
 * nothing of the state in it) taken out. A command that changed something keeps counting: a change is evidence
 * whatever the answer said.
 */
export function demonstrated(tally: MetCounts): Pick<MetCounts, 'metExisting' | 'acted' | 'repeatedActed'> {
  const unproven = unprovenAnswers(tally.answers ?? [], tally.failureShapes ?? NO_SHAPES);
  return {
    metExisting: tally.metExisting - unproven.count,
    acted: tally.acted - unproven.count,
    repeatedActed: tally.repeatedActed - unproven.repeated,
  };
}

/**
 * Pure: why nothing tighter is suggested for a tool whose commands met existing state often enough and changed
 * nothing, but too few of whose answers showed they did their job on it (see `unprovenReason`); `undefined`
 * when that is not what held the suggestion back.
 */
export function stateNeverShown(tally: MetCounts): string | undefined {
  if (tally.changed > 0 || tally.metExisting < MIN_SUPPORT) return undefined;
  const unproven = unprovenAnswers(tally.answers ?? [], tally.failureShapes ?? NO_SHAPES);
  if (tally.metExisting - unproven.count >= MIN_SUPPORT) return undefined;
  return unprovenReason(tally.metExisting, unproven.count, unproven.sample);
}

/**
 * Pure: why commands that met existing state show nothing of what the tool does to it, when none of their
 * answers showed they did their job there (`demonstrated` left none); `undefined` when none met it.
 */
export function metButNeverShown(tally: MetCounts): string | undefined {
  if (tally.metExisting === 0) return undefined;
  const unproven = unprovenAnswers(tally.answers ?? [], tally.failureShapes ?? NO_SHAPES);
  return unprovenReason(tally.metExisting, unproven.count, unproven.sample);
}

/**
 * Pure: why nothing tighter is suggested for a tool whose quiet commands met existing state often enough, but
 * never a kind of state it names while that kind held anything (`never met: task_handoffs (held nothing when
 * it was called)`): `compact_story_handoffs` called on stories without handoffs shows nothing of what it does
 * to handoffs. Only commands whose answers showed they did their job count. `undefined` when every named kind
 * was met, or the tool changed something (its changes are the evidence then).
 */
export function kindsNeverMet(tally: MetCounts): string | undefined {
  const named = tally.namedKinds ?? [];
  if (tally.changed > 0 || tally.metExisting < MIN_SUPPORT || named.length === 0) return undefined;
  const records = tally.answers ?? [];
  const shapes = tally.failureShapes ?? NO_SHAPES;
  const met = new Set<string>();
  records.forEach((record, index) => {
    if (unproven(records, index, shapes) === undefined) for (const kind of record.filled ?? []) met.add(kind);
  });
  const never = named.filter((kind) => !met.has(kind));
  if (never.length === 0) return undefined;
  const listed = never.slice(0, 5).join(', ');
  const more = never.length > 5 ? `, … ${never.length - 5} more` : '';
  return (
    `never met: ${listed}${more} (named by the tool, but empty whenever a command that did its job met it); ` +
    'seed it, or name a tool that fills it with --producers'
  );
}
