/** One token of SQL text: a word (keyword or bare name), a quoted name, a string, a number, or a symbol. */
export interface SqlToken {
  readonly kind: 'word' | 'name' | 'string' | 'number' | 'blob' | 'symbol';
  /** The token's value: a word as written, a quoted name or string unquoted, a symbol's character(s). */
  readonly value: string;
  /** Where it starts and ends in the text. */
  readonly start: number;
  readonly end: number;
}

const CLOSERS: Readonly<Record<string, string>> = { '"': '"', '`': '`', '[': ']' };

/**
 * Splits SQL text into tokens, skipping whitespace and comments (`-- …` and `/* … *\/`). Quoted names (`"a"`,
 * `` `a` ``, `[a]`) and strings (`'a'`) are unquoted, doubled quotes undone. Never throws: an unterminated
 * quote or comment runs to the end of the text.
 */
export function tokenize(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  let at = 0;
  while (at < sql.length) {
    const c = sql[at] as string;
    if (/\s/.test(c)) {
      at++;
    } else if (c === '-' && sql[at + 1] === '-') {
      const end = sql.indexOf('\n', at);
      at = end < 0 ? sql.length : end + 1;
    } else if (c === '/' && sql[at + 1] === '*') {
      const end = sql.indexOf('*/', at + 2);
      at = end < 0 ? sql.length : end + 2;
    } else if (c === "'" || c in CLOSERS) {
      const close = c === "'" ? "'" : (CLOSERS[c] as string);
      let value = '';
      let end = at + 1;
      for (; end < sql.length; end++) {
        if (sql[end] !== close) value += sql[end];
        else if (close !== ']' && sql[end + 1] === close) value += sql[++end];
        else break;
      }
      tokens.push({
        kind: c === "'" ? 'string' : 'name',
        value,
        start: at,
        end: Math.min(end + 1, sql.length),
      });
      at = end + 1;
    } else if ((c === 'x' || c === 'X') && sql[at + 1] === "'") {
      const end = sql.indexOf("'", at + 2);
      const stop = end < 0 ? sql.length : end + 1;
      tokens.push({ kind: 'blob', value: sql.slice(at + 2, stop - 1), start: at, end: stop });
      at = stop;
    } else if (/[0-9.]/.test(c) && /[0-9]/.test(c === '.' ? (sql[at + 1] ?? '') : c)) {
      const match = /^(?:0x[0-9a-f]+|(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)/i.exec(
        sql.slice(at),
      ) as RegExpExecArray;
      tokens.push({ kind: 'number', value: match[0], start: at, end: at + match[0].length });
      at += match[0].length;
    } else if (/[\p{L}\p{N}_$]/u.test(c)) {
      const match = /^[\p{L}\p{N}_$]+/u.exec(sql.slice(at)) as RegExpExecArray;
      tokens.push({ kind: 'word', value: match[0], start: at, end: at + match[0].length });
      at += match[0].length;
    } else {
      const two = sql.slice(at, at + 2);
      const symbol = ['<=', '>=', '!=', '<>', '==', '||', '<<', '>>'].includes(two) ? two : c;
      tokens.push({ kind: 'symbol', value: symbol, start: at, end: at + symbol.length });
      at += symbol.length;
    }
  }
  return tokens;
}

/** Whether `token` is the bare keyword `word` (case-insensitive); quoted names never are. */
export function isKeyword(token: SqlToken | undefined, word: string): boolean {
  return token?.kind === 'word' && token.value.toUpperCase() === word;
}

/** The tokens split at top-level commas (commas inside parentheses stay). */
export function splitTopLevel(tokens: readonly SqlToken[]): SqlToken[][] {
  const parts: SqlToken[][] = [[]];
  let depth = 0;
  for (const token of tokens) {
    if (token.kind === 'symbol' && token.value === '(') depth++;
    if (token.kind === 'symbol' && token.value === ')') depth--;
    if (depth === 0 && token.kind === 'symbol' && token.value === ',') parts.push([]);
    else (parts[parts.length - 1] as SqlToken[]).push(token);
  }
  return parts;
}

/** The index just past the parenthesis that closes the one at `open`. */
export function closingParen(tokens: readonly SqlToken[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const token = tokens[i] as SqlToken;
    if (token.kind !== 'symbol') continue;
    if (token.value === '(') depth++;
    if (token.value === ')' && --depth === 0) return i + 1;
  }
  return tokens.length;
}
