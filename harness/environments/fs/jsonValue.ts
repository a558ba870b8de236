import { createHash } from 'node:crypto';

/** A value as `JSON.parse` returns it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type JsonObject = { [key: string]: JsonValue };

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Canonical JSON (object keys sorted, no whitespace), memoised per object and array, so that nested values
 * cost their text once. Slower than `JSON.stringify`, so the diff uses it only where key order must not
 * matter and the native form did not settle it. One instance per diff: it holds its strings until dropped.
 */
export class Canonical {
  private readonly memo = new WeakMap<object, string>();

  of(value: JsonValue): string {
    if (typeof value !== 'object' || value === null) return JSON.stringify(value);
    const known = this.memo.get(value);
    if (known !== undefined) return known;
    const text = Array.isArray(value)
      ? `[${value.map((item) => this.of(item)).join(',')}]`
      : `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${this.of(value[key] as JsonValue)}`)
          .join(',')}}`;
    this.memo.set(value, text);
    return text;
  }
}

/** Longest value shown in a change's detail, and in an entity name's element label. */
export const DETAIL_CHARS = 80;
export const LABEL_CHARS = 80;

/** `text` cut to `max` characters with `…`; for `distinct`, also a short hash so that cut forms stay unequal. */
export function shorten(text: string, max: number, distinct = false): string {
  if (text.length <= max) return text;
  // A code point is at most two code units: the first `2 × max` units hold the first `max` code points.
  const chars = [...text.slice(0, 2 * max)];
  if (chars.length <= max && text.length <= 2 * max) return text;
  if (!distinct) return `${chars.slice(0, max - 1).join('')}…`;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 6);
  return `${chars.slice(0, max - 8).join('')}…#${hash}`;
}

/** A scalar shown as it would be written in an entity name: strings bare, the rest as JSON. */
export function scalarLabel(value: string | number): string {
  return shorten(typeof value === 'string' ? value : JSON.stringify(value), LABEL_CHARS, true);
}

/** An object key as a JSON-pointer segment (`~` → `~0`, `/` → `~1`), shortened when very long. */
export function keySegment(key: string): string {
  return shorten(key.replaceAll('~', '~0').replaceAll('/', '~1'), LABEL_CHARS, true);
}
