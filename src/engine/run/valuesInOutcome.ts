import type { HarvestedValue } from '../../../harness/index.js';
import { valuesIn } from '../../generate/index.js';
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

/** A UUID written in prose (`Task \`5f0c…\` created`): an id whatever surrounds it. */
const UUID = /(?<![0-9a-f-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f-])/gi;

/** The distinct UUIDs in `text`, in order. Pure. */
function uuidsIn(text: string): string[] {
  return [...new Set(text.match(UUID) ?? [])];
}

/**
 * Values worth reusing in a successful call's answer: the string leaves of `parsedOutcome`; an answer that
 * is not JSON at all counts as one text value, and each UUID in it as an identifier (a server that answers in
 * Markdown still names what it made). Pure.
 */
export function valuesInOutcome(outcome: CallOutcome): HarvestedValue[] {
  if (outcome.status !== 'returned' || !succeeded(outcome)) return [];
  const parsed = parsedOutcome(outcome);
  if (parsed.length > 0) return parsed.flatMap((value) => valuesIn(value));
  const ids = uuidsIn(outcome.text).map((value): HarvestedValue => ({ kind: 'identifier', value }));
  return [...ids, ...valuesIn(outcome.text.trim())];
}

/**
 * Every leaf of a successful call's answer, as text: the strings and numbers of `parsedOutcome` (a server's
 * ids are often numbers), or its whole text and the UUIDs in it when none parses. What the call may have made
 * for later calls to name (`MadeCall.answered`). Pure.
 */
export function leavesOfOutcome(outcome: CallOutcome): string[] {
  if (outcome.status !== 'returned' || !succeeded(outcome)) return [];
  const parsed = parsedOutcome(outcome);
  return parsed.length > 0 ? parsed.flatMap(leaves) : [outcome.text.trim(), ...uuidsIn(outcome.text)];
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
