/**
 * Splits `text` into words as a POSIX shell would, without expanding anything: blanks and newlines separate
 * words, `'…'` keeps everything literally, `"…"` keeps everything but `\"`, `\\`, `\$` and `` \` ``, and a
 * backslash outside quotes keeps the next character. `{fs}`, `$HOME` and `*` stay as written. Throws on an
 * unclosed quote, naming `what` (the input it came from).
 */
export function shellWords(text: string, what: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  const add = (chars: string) => (word = (word ?? '') + chars);
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else add(char);
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else if (char === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1]!)) add(text[++i]!);
      else add(char);
    } else if (char === "'" || char === '"') {
      quote = char;
      add('');
    } else if (char === '\\') {
      // A backslash before a newline joins the lines, as in a shell.
      if (i + 1 < text.length && text[i + 1] !== '\n') add(text[i + 1]!);
      i++;
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      add(char);
    }
  }
  if (quote !== undefined) {
    throw new Error(
      `${what}: the quote ${quote} opened in ${JSON.stringify(text)} is never closed. Close it, or escape it with a backslash.`,
    );
  }
  if (word !== undefined) words.push(word);
  return words;
}
