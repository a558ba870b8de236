/**
 * Characters that must never reach a terminal or a report raw: C0 and C1 controls (ESC starts every ANSI
 * sequence, CR rewrites a line, NEL breaks one), format characters (bidi embeddings, overrides and isolates,
 * U+200E/F, U+061C, zero-width characters, tags), everything Unicode says is ignorable (invisible) by default,
 * line and paragraph separators, lone surrogates and noncharacters (neither is valid in XML).
 */
export const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/gu;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One invisible character as a visible escape: `\n`, `\x1b`, `\u202e`, `\u{e0001}`. */
function escapeCharacter(char: string): string {
  const named = NAMED[char];
  if (named !== undefined) return named;
  const code = char.codePointAt(0) ?? 0;
  const hex = code.toString(16);
  if (code <= 0xff) return `\\x${hex.padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${hex.padStart(4, '0')}`;
  return `\\u{${hex}}`;
}

/**
 * A string that came from the server, made inert for any text output: every invisible character (newlines
 * included) is shown as an escape, and a backslash as `\\`, so the result holds no control character, stays on
 * one line and reads back to exactly the original (`readInert`). Plain text comes out unchanged.
 */
export function inertText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(INVISIBLE, escapeCharacter);
}

/**
 * For text hintproof composed that may quote server strings (command lines, shell words, messages of several
 * lines): invisible characters are escaped, backslashes and (with `keepNewlines`) line breaks are left alone.
 * Idempotent: escaping twice changes nothing more.
 */
export function inertLoose(text: string, options: { keepNewlines?: boolean } = {}): string {
  return text.replace(INVISIBLE, (char) =>
    options.keepNewlines === true && char === '\n' ? char : escapeCharacter(char),
  );
}

/** The original of an `inertText` result. */
export function readInert(escaped: string): string {
  return escaped.replace(
    /\\(?:\\|n|r|t|x([0-9a-f]{2})|u\{([0-9a-f]+)\}|u([0-9a-f]{4}))/g,
    (match, x?: string, astral?: string, bmp?: string) => {
      const hex = x ?? astral ?? bmp;
      if (hex !== undefined) return String.fromCodePoint(parseInt(hex, 16));
      return { '\\\\': '\\', '\\n': '\n', '\\r': '\r', '\\t': '\t' }[match] ?? match;
    },
  );
}
