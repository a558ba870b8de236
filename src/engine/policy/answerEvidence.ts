import { ShapeComparer } from './answerTemplate.js';

/**
 * The answer of a command whose first call succeeded (no `isError`, no failure in words hintproof reads) and
 * changed nothing, but named existing state: its only evidence that the tool did its job is what it answered.
 */
export interface AnswerRecord {
  /** `answerTemplate` of call 1's answer. */
  readonly template: string;
  /**
   * The command's arguments and the state it met (`MetState.state`), as a key: answers of one shape to different
   * inputs did not vary with them.
   */
  readonly input: string;
  /** Whether the answer shows a value the sandbox held before the call that its arguments did not name. */
  readonly showsState: boolean;
  /** Whether its repeat completed (it would support `idempotentHint: true` for a reader). */
  readonly repeated: boolean;
  /** The kinds of state the tool names (`namedKinds`) that held something when the command met them. */
  readonly filled?: readonly string[];
}

/** What a command's answer showed of the state it met, and that state (harvested values) as a key. */
export interface MetState {
  readonly showsState: boolean;
  readonly state: string;
  /** The kinds of state the tool names that the state held (`named`), and those that held something. */
  readonly kinds?: { readonly named: readonly string[]; readonly filled: readonly string[] };
}

/** A command whose answer showed nothing of a state hintproof did not see. */
export const UNSEEN_STATE: MetState = { showsState: false, state: '' };

/** Answers kept per tool, at most; later ones count as unproven (evidence not weighed is no evidence). */
export const MAX_ANSWER_RECORDS = 200;

/** Shapes of failed calls kept per tool, at most. */
export const MAX_FAILURE_SHAPES = 40;

/** Why an answer is no evidence that its call did its job. */
export type Unproven = 'like-failure' | 'invariant';

/**
 * Pure: why the answer `index` of `records` shows no sign that its call did its job, or `undefined` when it
 * does. Without words: an answer of the shape of a call that plainly failed (`isError`, a JSON-RPC error, a
 * failure in words) failed too (`like-failure`); an answer of one shape across commands with different
 * inputs (arguments, or the state they met) that shows nothing the sandbox held
 * did not vary with what the call met (`invariant`): a failure template (`Fehler: ·`, `エラー：·`,
 * `{"code":#,"msg":"·"}`) or an acknowledgement of nothing done, never a read of the state. A change needs
 * none of this: it is evidence whatever the answer said.
 */
export function unproven(
  records: readonly AnswerRecord[],
  index: number,
  failureShapes: readonly string[],
  shapes = new ShapeComparer(),
): Unproven | undefined {
  const record = records[index];
  if (record === undefined || index >= MAX_ANSWER_RECORDS) return 'invariant';
  if (failureShapes.some((shape) => shapes.same(shape, record.template))) return 'like-failure';
  if (record.showsState) return undefined;
  const alike = records.some(
    (other, at) =>
      at !== index && other.input !== record.input && shapes.same(other.template, record.template),
  );
  return alike ? 'invariant' : undefined;
}

/** What the recorded answers come to: how many are no evidence, of which supported repeats, and a sample. */
export interface UnprovenAnswers {
  readonly count: number;
  readonly repeated: number;
  readonly sample?: { readonly why: Unproven; readonly template: string };
}

/** Pure: the answers among `records` that are no evidence that their calls did their job (see `unproven`). */
export function unprovenAnswers(
  records: readonly AnswerRecord[],
  failureShapes: readonly string[],
): UnprovenAnswers {
  const known = weighed.get(records);
  if (known?.failureShapes === failureShapes) return known.result;
  const result = weigh(records, failureShapes);
  weighed.set(records, { failureShapes, result });
  return result;
}

/** A tally's answers are weighed by each suggestion and verdict at its end: once per list of them. */
const weighed = new WeakMap<
  readonly AnswerRecord[],
  { failureShapes: readonly string[]; result: UnprovenAnswers }
>();

function weigh(records: readonly AnswerRecord[], failureShapes: readonly string[]): UnprovenAnswers {
  const shapes = new ShapeComparer();
  let count = 0;
  let repeated = 0;
  let sample: UnprovenAnswers['sample'];
  records.forEach((record, index) => {
    const why = unproven(records, index, failureShapes, shapes);
    if (why === undefined) return;
    count++;
    if (record.repeated) repeated++;
    sample ??= { why, template: record.template };
  });
  return { count, repeated, ...(sample === undefined ? {} : { sample }) };
}

/** The most of a template a reason line quotes. */
const QUOTED_CHARS = 80;

/**
 * Pure: the reason line for a tool whose commands named existing state (`met` of them) but whose answers never
 * showed they did their job on it: `answers never showed the state met: 5 of 5 commands that named existing
 * state answered alike whatever their arguments, showing nothing the sandbox held (arguments masked:
 * "Fehler: ·"): no sign they did their job on it`.
 */
export function unprovenReason(
  met: number,
  unprovenCount: number,
  sample: UnprovenAnswers['sample'],
): string {
  const quoted = sample === undefined ? '' : JSON.stringify(quote(sample.template));
  const how =
    sample?.why === 'like-failure'
      ? `answered in the shape of its failed calls (${quoted})`
      : `answered alike whatever their arguments, showing nothing the sandbox held (arguments masked: ${quoted})`;
  return (
    `answers never showed the state met: ${unprovenCount} of ${met} commands that named existing state ${how}: ` +
    'no sign they did their job on it'
  );
}

function quote(template: string): string {
  return template.length > QUOTED_CHARS ? `${template.slice(0, QUOTED_CHARS - 1)}…` : template;
}
