/** One statement of a SQL script and the 1-based line it starts on. */
export interface SqlStatement {
  readonly text: string;
  readonly line: number;
}

/**
 * Splits a script on top-level semicolons, respecting quotes, quoted identifiers, `E'…'` escapes,
 * dollar-quoted bodies and comments. Empty statements (only whitespace and comments) are dropped. Pure.
 */
export function splitSql(script: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let start = 0;
  let line = 1;
  let startLine: number | undefined;
  let meaningful = false;
  let i = 0;
  const flush = (end: number) => {
    const text = script.slice(start, end).trim();
    if (meaningful && text !== '') statements.push({ text, line: startLine ?? line });
    start = end + 1;
    startLine = undefined;
    meaningful = false;
  };
  const mark = () => {
    if (startLine === undefined) {
      startLine = line;
      start = i;
    }
    meaningful = true;
  };
  const skipTo = (end: number) => {
    for (let j = i; j < end && j < script.length; j++) if (script[j] === '\n') line++;
    i = end;
  };
  while (i < script.length) {
    const c = script[i]!;
    const next = script[i + 1];
    if (c === '-' && next === '-') {
      const end = script.indexOf('\n', i);
      skipTo(end === -1 ? script.length : end);
    } else if (c === '/' && next === '*') {
      let depth = 0;
      let j = i;
      while (j < script.length) {
        if (script.startsWith('/*', j)) {
          depth++;
          j += 2;
        } else if (script.startsWith('*/', j)) {
          j += 2;
          if (--depth === 0) break;
        } else {
          j++;
        }
      }
      skipTo(j);
    } else if (c === "'" || c === '"') {
      mark();
      const escapes = c === "'" && /[eE]/.test(script[i - 1] ?? '') && !/\w/.test(script[i - 2] ?? '');
      let j = i + 1;
      while (j < script.length) {
        if (escapes && script[j] === '\\') j += 2;
        else if (script[j] === c && script[j + 1] === c) j += 2;
        else if (script[j] === c) break;
        else j++;
      }
      skipTo(j + 1);
    } else if (c === '$' && !/\w/.test(script[i - 1] ?? '')) {
      const tag = /^\$([A-Za-z_][A-Za-z_0-9]*)?\$/.exec(script.slice(i));
      mark();
      if (tag) {
        const end = script.indexOf(tag[0], i + tag[0].length);
        skipTo(end === -1 ? script.length : end + tag[0].length);
      } else skipTo(i + 1);
    } else if (c === ';') {
      flush(i);
      i++;
    } else {
      if (c === '\n') line++;
      else if (!/\s/.test(c)) mark();
      i++;
    }
  }
  flush(script.length);
  return statements;
}
