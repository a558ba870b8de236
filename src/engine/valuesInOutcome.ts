import type { HarvestedValue } from '../../harness/index.js';
import { valuesIn } from '../generate/index.js';
import type { CallOutcome } from '../model/callOutcome.js';
import { succeeded } from '../model/callOutcome.js';

/**
 * The JSON values in a successful call's answer: its structured content, and its text parsed as JSON (the
 * whole text, else each line that parses). Pure.
 */
export function parsedOutcome(outcome: CallOutcome): unknown[] {
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

/**
 * Values worth reusing in a successful call's answer: the string leaves of `parsedOutcome`; an answer that
 * is not JSON at all counts as one text value. Pure.
 */
export function valuesInOutcome(outcome: CallOutcome): HarvestedValue[] {
  if (outcome.status !== 'returned' || !succeeded(outcome)) return [];
  const parsed = parsedOutcome(outcome);
  if (parsed.length > 0) return parsed.flatMap((value) => valuesIn(value));
  return valuesIn(outcome.text.trim());
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
