import type { JsonValue } from './jsonValue.js';

/** `json`: one document. `lines`: JSON Lines, read as the array of its non-empty lines. */
export type JsonFormat = 'json' | 'lines';

export interface JsonPair {
  readonly format: JsonFormat;
  readonly before: JsonValue;
  readonly after: JsonValue;
}

/**
 * The deepest nesting read as JSON: 256 arrays or objects. No honest document nests deeper, and the record
 * diff, the harvest and the observers' calibration walk a document recursively: a hostile one a million
 * brackets deep would exhaust the stack. Deeper content is compared as bytes (files) or by lines (observers).
 */
export const MAX_JSON_DEPTH = 256;

/** Paths whose content is JSON Lines by name; JSON Lines is tried first for them. */
function isJsonLinesPath(path: string): boolean {
  return /\.(?:jsonl|ndjson)$/i.test(path);
}

/**
 * Both versions of one file read the same way, or `undefined` when no single reading fits both. A `.jsonl` /
 * `.ndjson` file is tried as JSON Lines first, every other file as one JSON document first (a one-line file
 * is both). JSON Lines: every line that is not blank parses; an empty file is JSON Lines with no lines, but two
 * versions with no line at all are not read as JSON Lines.
 * Content whose numbers `JSON.parse` may round (16 or more significant digits, 3-digit exponents) is not
 * read at all: two different numbers could parse equal and hide a change; nor is content nested deeper than
 * `MAX_JSON_DEPTH`. Pure.
 */
export function parseJsonPair(path: string, before: string, after: string): JsonPair | undefined {
  if (hasLossyNumbers(before) || hasLossyNumbers(after)) return undefined;
  if (nestsDeeperThan(before, MAX_JSON_DEPTH) || nestsDeeperThan(after, MAX_JSON_DEPTH)) return undefined;
  const formats: JsonFormat[] = isJsonLinesPath(path) ? ['lines', 'json'] : ['json', 'lines'];
  for (const format of formats) {
    const parse = format === 'json' ? parseDocument : parseLines;
    const old = parse(before);
    if (old === undefined) continue;
    const now = parse(after);
    if (now === undefined) continue;
    // Two texts of blank lines only hold no JSON at all: they are read as text.
    if (format === 'lines' && isEmptyArray(old.value) && isEmptyArray(now.value)) continue;
    return { format, before: old.value, after: now.value };
  }
  return undefined;
}

function isEmptyArray(value: JsonValue): boolean {
  return Array.isArray(value) && value.length === 0;
}

function parseDocument(text: string): { value: JsonValue } | undefined {
  try {
    return { value: JSON.parse(text) as JsonValue };
  } catch {
    return undefined;
  }
}

function parseLines(text: string): { value: JsonValue } | undefined {
  const lines: JsonValue[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      lines.push(JSON.parse(line) as JsonValue);
    } catch {
      return undefined;
    }
  }
  return { value: lines };
}

/** Number tokens (outside strings) that a double may not hold exactly. */
function hasLossyNumbers(text: string): boolean {
  // A token with 16 digits and at most one dot has 8 digits in a row on one side of it.
  if (!/\d{8}|\d[eE][+-]?\d{3}/.test(text)) return false;
  const outside = text.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return /\d(?:\.?\d){15,}|[eE][+-]?\d{3,}/.test(outside);
}

/** Whether `[` and `{` outside strings nest deeper than `limit` anywhere in `text` (valid JSON or not). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character.
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}
