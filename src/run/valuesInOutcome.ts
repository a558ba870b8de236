import type { HarvestedValue } from '../../harness/index.js';
import { valuesIn } from '../generate/index.js';
import type { CallOutcome } from '../mcp/callOutcome.js';

/**
 * Values worth reusing in a call's answer: its structured content, and its text parsed as JSON (the whole
 * text, else each line that parses); a short text that is not JSON counts as one text value. Pure.
 */
export function valuesInOutcome(outcome: CallOutcome): HarvestedValue[] {
  if (outcome.status !== 'returned' || outcome.isError) return [];
  const structured = valuesIn(outcome.structuredContent);
  const parsed = parseJson(outcome.text);
  if (parsed.ok) return [...structured, ...valuesIn(parsed.value)];
  const lines = outcome.text.split('\n').map(parseJson);
  const fromLines = lines.flatMap((line) => (line.ok ? valuesIn(line.value) : []));
  return [...structured, ...(fromLines.length > 0 ? fromLines : valuesIn(outcome.text.trim()))];
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
