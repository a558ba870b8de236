import { inertText } from './inertText.js';

/** The most of one server text quoted in a message hintproof composes: 2,000 characters of the original. */
const SERVER_TEXT_CHARS = 2000;

/**
 * `text` cut to its first `max` characters (never inside a surrogate pair), the rest said as
 * `… (N more bytes)`; unchanged when it is not longer.
 */
export function boundText(text: string, max: number): string {
  if (text.length <= max) return text;
  const high = text.charCodeAt(max - 1);
  const cut = high >= 0xd800 && high <= 0xdbff ? max - 1 : max;
  return `${text.slice(0, cut)}… (${Buffer.byteLength(text.slice(cut), 'utf8')} more bytes)`;
}

/**
 * A text the server chose (an error message, a line of its stderr or stdout, a tool or server name), ready to
 * quote in a message of hintproof's: inert (`inertText`: on one line, every control, bidi and invisible
 * character escaped) and bounded (past `max` characters of the original, `… (N more bytes)`). Every server
 * string a SetupError or a progress message quotes passes through this, so that whatever a server prints,
 * no line of hintproof's output starts with text it chose, and no message outgrows a screen or two.
 */
export function serverText(text: string, max = SERVER_TEXT_CHARS): string {
  return inertText(boundText(text, max));
}

/** The most names `serverNames` lists before saying how many more there are. */
const NAMES_SHOWN = 20;

/** Names the server chose, each `serverText` (200 characters at most), the first 20 and how many more. */
export function serverNames(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_SHOWN).map((name) => serverText(name, 200));
  const more = names.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}
