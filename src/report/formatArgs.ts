import { INVISIBLE } from '../model/inertText.js';

/** The default cut for arguments shown on one line of progress output. */
const ARGS_MAX_LENGTH = 120;

/**
 * Tool arguments as compact JSON on one line, cut to `maxLength` characters (code points) with a trailing `…`.
 * Placeholders such as `{fs}` are shown as generated. The JSON is inert: besides the control characters JSON
 * escapes itself, every invisible character (bidi controls, DEL, C1, U+2028…) is written as a `\u` escape, so
 * it still parses to the same value.
 */
export function formatArgs(args: Readonly<Record<string, unknown>>, maxLength = ARGS_MAX_LENGTH): string {
  const json = toJson(args);
  const chars = Array.from(json);
  if (chars.length <= maxLength) return json;
  return `${chars.slice(0, Math.max(0, maxLength - 1)).join('')}…`;
}

function toJson(args: Readonly<Record<string, unknown>>): string {
  try {
    return JSON.stringify(args, (_key, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    ).replace(INVISIBLE, jsonEscape);
  } catch {
    return '[arguments that cannot be shown as JSON]';
  }
}

/** `\u` escapes of each UTF-16 unit: valid JSON for any character. */
function jsonEscape(char: string): string {
  return Array.from(
    { length: char.length },
    (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`,
  ).join('');
}
