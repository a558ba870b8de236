import type { SqlToken } from './sqlTokens.js';
import { closingParen, isKeyword, splitTopLevel, tokenize } from './sqlTokens.js';

/** One column as its table's CREATE TABLE statement declares it. */
export interface ColumnShape {
  readonly name: string;
  /** The declared type as written (`VARCHAR(10)`), '' when none. */
  readonly type: string;
  readonly notNull: boolean;
  /** The DEFAULT clause's text as written, when there is one. */
  readonly defaultText?: string;
  /** A generated column: VIRTUAL ones are not stored in the record. */
  readonly generated?: 'virtual' | 'stored';
  /** Declared UNIQUE on the column itself, or alone in a table-level UNIQUE constraint. */
  readonly unique?: boolean;
  /** Declared `PRIMARY KEY … DESC` on the column itself (then an INTEGER column is not a rowid alias). */
  readonly descendingKey?: boolean;
}

/** What a CREATE TABLE statement says about how rows are stored and identified. */
export interface TableShape {
  readonly columns: readonly ColumnShape[];
  /** The primary key columns in key order; empty when there is none. */
  readonly primaryKey: readonly string[];
  readonly withoutRowid: boolean;
  /** The column that is another name for the rowid (`INTEGER PRIMARY KEY` of a rowid table). */
  readonly rowidAlias?: string;
}

const COLUMN_CONSTRAINTS = new Set([
  'CONSTRAINT',
  'PRIMARY',
  'NOT',
  'NULL',
  'UNIQUE',
  'CHECK',
  'DEFAULT',
  'COLLATE',
  'REFERENCES',
  'GENERATED',
  'AS',
]);
const TABLE_CONSTRAINTS = new Set(['CONSTRAINT', 'PRIMARY', 'UNIQUE', 'CHECK', 'FOREIGN']);

/**
 * The shape of a table from the `sql` SQLite keeps for it in sqlite_schema (always a `CREATE TABLE name (…)`
 * statement: SQLite rewrites `CREATE TABLE … AS SELECT` into one), or `undefined` when the text is not such a
 * statement. Column names are unquoted; comments are ignored. Pure.
 */
export function parseCreateTable(sql: string): TableShape | undefined {
  const tokens = tokenize(sql);
  let at = 0;
  if (!isKeyword(tokens[at++], 'CREATE')) return undefined;
  if (isKeyword(tokens[at], 'TEMP') || isKeyword(tokens[at], 'TEMPORARY')) at++;
  if (!isKeyword(tokens[at++], 'TABLE')) return undefined;
  if (isKeyword(tokens[at], 'IF')) at += 3;
  at++; // the name
  if (tokens[at]?.value === '.' && tokens[at]?.kind === 'symbol') at += 2;
  if (tokens[at]?.kind !== 'symbol' || tokens[at]?.value !== '(') return undefined;
  const close = closingParen(tokens, at);
  const definitions = splitTopLevel(tokens.slice(at + 1, close - 1));
  const columns: ColumnShape[] = [];
  let primaryKey: string[] = [];
  const uniques: string[] = [];
  for (const definition of definitions) {
    const first = definition[0];
    if (first === undefined) return undefined;
    if (first.kind === 'word' && TABLE_CONSTRAINTS.has(first.value.toUpperCase())) {
      const key = tableKey(definition, 'PRIMARY');
      if (key !== undefined) primaryKey = key;
      const unique = tableKey(definition, 'UNIQUE');
      if (unique?.length === 1) uniques.push(unique[0] as string);
      continue;
    }
    const column = parseColumn(definition);
    columns.push(column.shape);
    if (column.primaryKey) primaryKey = [column.shape.name];
  }
  if (columns.length === 0) return undefined;
  for (const name of uniques) {
    const index = columns.findIndex((column) => sameName(column.name, name));
    if (index >= 0) columns[index] = { ...(columns[index] as ColumnShape), unique: true };
  }
  const options = tokens.slice(close).map((token) => token.value.toUpperCase());
  const withoutRowid = options.some((word, i) => word === 'WITHOUT' && options[i + 1] === 'ROWID');
  const aliasColumn =
    !withoutRowid && primaryKey.length === 1
      ? columns.find((column) => sameName(column.name, primaryKey[0] as string))
      : undefined;
  const alias =
    aliasColumn !== undefined && aliasColumn.type.toUpperCase() === 'INTEGER' && !aliasColumn.descendingKey
      ? aliasColumn.name
      : undefined;
  return { columns, primaryKey, withoutRowid, ...(alias === undefined ? {} : { rowidAlias: alias }) };
}

/** SQLite compares names case-insensitively (ASCII). */
export function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function parseColumn(tokens: readonly SqlToken[]): { shape: ColumnShape; primaryKey: boolean } {
  const name = (tokens[0] as SqlToken).value;
  let at = 1;
  const type: string[] = [];
  while (at < tokens.length) {
    const token = tokens[at] as SqlToken;
    if (token.kind === 'word' && COLUMN_CONSTRAINTS.has(token.value.toUpperCase())) break;
    if (token.kind === 'symbol' && token.value === '(') {
      const end = closingParen(tokens, at);
      type.push(
        `(${tokens
          .slice(at + 1, end - 1)
          .map((t) => t.value)
          .join('')})`,
      );
      at = end;
      continue;
    }
    type.push(token.value);
    at++;
  }
  let primaryKey = false;
  let notNull = false;
  let descendingKey = false;
  let unique = false;
  let defaultText: string | undefined;
  let generated: 'virtual' | 'stored' | undefined;
  const text = (from: number, to: number) =>
    tokens
      .slice(from, to)
      .map((token) => (token.kind === 'string' ? `'${token.value.replaceAll("'", "''")}'` : token.value))
      .join(' ');
  while (at < tokens.length) {
    const token = tokens[at] as SqlToken;
    const word = token.kind === 'word' ? token.value.toUpperCase() : '';
    if (word === 'PRIMARY') {
      primaryKey = true;
      if (isKeyword(tokens[at + 2], 'DESC')) descendingKey = true;
      at += 2;
    } else if (word === 'UNIQUE') {
      unique = true;
      at++;
    } else if (word === 'NOT' && isKeyword(tokens[at + 1], 'NULL')) {
      notNull = true;
      at += 2;
    } else if (word === 'DEFAULT') {
      const start = at + 1;
      const next = tokens[start];
      let end = start + 1;
      if (next?.kind === 'symbol' && next.value === '(') end = closingParen(tokens, start);
      else if (next?.kind === 'symbol' && (next.value === '-' || next.value === '+')) end = start + 2;
      defaultText = text(start, end);
      at = end;
    } else if (word === 'AS' && tokens[at + 1]?.value === '(') {
      at = closingParen(tokens, at + 1);
      generated = isKeyword(tokens[at], 'STORED') ? 'stored' : 'virtual';
    } else if (token.kind === 'symbol' && token.value === '(') {
      at = closingParen(tokens, at);
    } else {
      at++;
    }
  }
  const shape: ColumnShape = {
    name,
    type: type.join(' ').replaceAll(' (', '('),
    notNull,
    ...(defaultText === undefined ? {} : { defaultText }),
    ...(generated === undefined ? {} : { generated }),
    ...(unique ? { unique } : {}),
    ...(descendingKey ? { descendingKey } : {}),
  };
  return { shape, primaryKey };
}

/**
 * The columns of a table-level `PRIMARY KEY (a, b DESC, …)` or `UNIQUE (…)` (as `kind` asks), or undefined for
 * another constraint.
 */
function tableKey(tokens: readonly SqlToken[], kind: 'PRIMARY' | 'UNIQUE'): string[] | undefined {
  let at = 0;
  if (isKeyword(tokens[at], 'CONSTRAINT')) at += 2;
  if (!isKeyword(tokens[at], kind)) return undefined;
  if (kind === 'PRIMARY' && !isKeyword(tokens[++at], 'KEY')) return undefined;
  const open = at + 1;
  if (tokens[open]?.value !== '(') return undefined;
  const inner = tokens.slice(open + 1, closingParen(tokens, open) - 1);
  return splitTopLevel(inner)
    .map((part) => part[0]?.value)
    .filter((name): name is string => name !== undefined);
}
