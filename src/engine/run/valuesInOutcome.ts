import type { FoundValue } from '../../generate/index.js';
import { idsInProse, PROSE_LIMITS, toolIdNames, valuesIn } from '../../generate/index.js';
import type { CallOutcome } from '../../model/callOutcome.js';
import { succeeded } from '../../model/callOutcome.js';

/** Answers parsed already: a session reads each call's answer for live choices, records and its history. */
const PARSED = new WeakMap<CallOutcome, readonly unknown[]>();

/**
 * The JSON values in a successful call's answer: its structured content, and its text parsed as JSON (the
 * whole text, else each line that parses). Pure (parsed once per outcome).
 */
export function parsedOutcome(outcome: CallOutcome): readonly unknown[] {
  let parsed = PARSED.get(outcome);
  if (parsed === undefined) {
    parsed = parse(outcome);
    PARSED.set(outcome, parsed);
  }
  return parsed;
}

function parse(outcome: CallOutcome): unknown[] {
  if (outcome.status !== 'returned' || !succeeded(outcome)) return [];
  const structured = outcome.structuredContent === undefined ? [] : [outcome.structuredContent];
  const whole = parseJson(outcome.text);
  if (whole.ok) return [...structured, whole.value];
  return [
    ...structured,
    ...outcome.text.split('\n').flatMap((line) => {
      const parsed = parseJson(line);
      return parsed.ok ? [parsed.value] : [];
    }),
  ];
}

/** Prose tokens taken from the sentences inside a JSON answer: only those that look like ids on their own. */
const MIN_SCORE_IN_JSON = 60;

/** Sentences of a JSON answer read for ids at most (its string leaves with a space in them). */
const SENTENCES_READ = 64;

/**
 * The id-like tokens a successful call's answer shows in prose (see `idsInProse`): in its whole text when
 * that is not JSON, else in the sentences among its string leaves (`{"message":"Task k9x2 created"}`), only
 * those that look like ids by shape there. Each answers to the names `idsInProse` gives it and, for an id,
 * to the words of `tool`'s name followed by `id` (`create_task` → `taskid`, see `toolIdNames`). Pure.
 */
function proseValues(outcome: CallOutcome, tool: string | undefined): FoundValue[] {
  if (outcome.status !== 'returned') return [];
  const parsed = parsedOutcome(outcome);
  const tokens =
    parsed.length === 0
      ? idsInProse(outcome.text)
      : parsed
          .flatMap(leaves)
          .filter((leaf) => /\s/.test(leaf))
          .slice(0, SENTENCES_READ)
          .flatMap((sentence) => idsInProse(sentence))
          .filter((token) => token.score >= MIN_SCORE_IN_JSON)
          .slice(0, PROSE_LIMITS.tokens);
  const fromTool = tool === undefined ? [] : toolIdNames(tool);
  return tokens.map(({ kind, value, names }) => {
    const all = [...new Set([...names, ...(kind === 'identifier' ? fromTool : [])])];
    return { kind, value, ...(all.length === 0 ? {} : { names: all }) };
  });
}

/**
 * Values worth reusing in a successful call's answer: the string leaves of `parsedOutcome`; an answer that
 * is not JSON at all counts as one text value; and the ids it shows in prose, best first (`proseValues`: a
 * server that answers in sentences or Markdown still names what it made). `tool`: the tool that answered.
 * Pure.
 */
export function valuesInOutcome(outcome: CallOutcome, tool?: string): FoundValue[] {
  if (outcome.status !== 'returned' || !succeeded(outcome)) return [];
  const parsed = parsedOutcome(outcome);
  const prose = proseValues(outcome, tool);
  if (parsed.length > 0) return [...parsed.flatMap((value) => valuesIn(value)), ...prose];
  return [...prose, ...valuesIn(outcome.text.trim())];
}

/** A UUID written in prose (`Task \`5f0c…\` created`): an id whatever surrounds it. */
const UUID = /(?<![0-9a-f-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f-])/gi;

/**
 * The values of a successful call's answer that value observers are filled with (`ValueWatch`): the string
 * leaves of `parsedOutcome`, or the whole text and each UUID in it when none parses; not the other ids of its
 * prose, which are offered to later calls only. A read filled with a token guessed from a sentence (`5` of
 * "Resource 5") may meet a resource that moves on its own (server-everything's dynamic resources), and a
 * value observer's change is blamed on the call it came around. Pure.
 */
export function observableValuesInOutcome(outcome: CallOutcome): FoundValue[] {
  if (outcome.status !== 'returned' || !succeeded(outcome)) return [];
  const parsed = parsedOutcome(outcome);
  if (parsed.length > 0) return parsed.flatMap((value) => valuesIn(value));
  const ids = [...new Set(outcome.text.match(UUID) ?? [])].map((value): FoundValue => ({
    kind: 'identifier',
    value,
  }));
  return [...ids, ...valuesIn(outcome.text.trim())];
}

/**
 * Every leaf of a successful call's answer, as text: the strings and numbers of `parsedOutcome` (a server's
 * ids are often numbers), or its whole text and the ids it shows in prose when none parses. What the call
 * may have made for later calls to name (`MadeCall.answered`). Pure.
 */
export function leavesOfOutcome(outcome: CallOutcome): string[] {
  if (outcome.status !== 'returned' || !succeeded(outcome)) return [];
  const parsed = parsedOutcome(outcome);
  return parsed.length > 0
    ? parsed.flatMap(leaves)
    : [outcome.text.trim(), ...idsInProse(outcome.text).map((token) => token.value)];
}

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(leaves);
  return [];
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
