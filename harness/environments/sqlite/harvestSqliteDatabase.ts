import type { HarvestedColumn, HarvestedRelation, HarvestedValue } from '../environment.js';
import { recordPages } from './btree.js';
import type { TableShape } from './parseCreateTable.js';
import { sameName } from './parseCreateTable.js';
import { tokenize } from './sqlTokens.js';
import type { SqliteDatabase } from './sqliteDatabase.js';
import { rowsOfPages } from './tableRows.js';

/** Tables and rows per table offered to the generator, at most (as pg's sampleValues). */
const SAMPLE_TABLES = 50;
const SAMPLE_ROWS = 20;
/** Text values longer than this are not offered as names. */
const SHORT_TEXT = 40;
/** Longest text column kept in a `record`: longer ones are prose, never part of what names a row. */
const RECORD_TEXT = 200;
/** Rows offered whole (kind `record`) from one database, at most. */
const SAMPLE_RECORDS = 100;

/** A row's text and number columns, as a `record` offers them. */
function scalarsOf(row: Readonly<Record<string, unknown>>): Record<string, string | number> {
  const scalars: Record<string, string | number> = {};
  for (const [column, value] of Object.entries(row)) {
    if ((typeof value === 'string' && value.length <= RECORD_TEXT) || typeof value === 'number') {
      scalars[column] = value;
    }
  }
  return scalars;
}

/**
 * Values of a database worth offering to generated arguments, as pg offers them: table names, the values of
 * key and unique columns (primary key, rowid alias, UNIQUE columns and single-column unique indexes) as
 * identifiers, short text values as names, each table as a `relation` (columns, key, sampled key values)
 * for SQL built from the database's own schema, and the first SAMPLE_RECORDS rows whole as `record`s; from the first SAMPLE_ROWS rows of the first SAMPLE_TABLES
 * ordinary tables. Pure; a table that cannot be read is skipped.
 */
export function harvestSqliteDatabase(database: SqliteDatabase): HarvestedValue[] {
  const values: HarvestedValue[] = [];
  let records = 0;
  const tables = [...database.schema.tables.values()]
    .filter((table) => table.role === 'data' && !/^sqlite_/i.test(table.name) && table.rootPage > 0)
    .slice(0, SAMPLE_TABLES);
  for (const table of tables) {
    values.push({ kind: 'table', value: table.name });
    const identifying = new Set<string>(
      [
        ...(table.shape?.primaryKey ?? []),
        ...(table.shape?.columns.filter((column) => column.unique).map((column) => column.name) ?? []),
        ...uniqueIndexColumns(database, table.name),
      ].map((name) => name.toLowerCase()),
    );
    let rows;
    try {
      rows = firstRows(database, table.rootPage, table);
    } catch {
      continue;
    }
    if (table.shape !== undefined) values.push(relationOf(table.name, table.shape, rows));
    for (const { row } of rows) {
      if (records < SAMPLE_RECORDS) {
        records++;
        values.push({ kind: 'record', value: table.name, record: scalarsOf(row) });
      }
      for (const [column, value] of Object.entries(row)) {
        if (
          identifying.has(column.toLowerCase()) &&
          (typeof value === 'string' || typeof value === 'number')
        ) {
          values.push({ kind: 'identifier', value: String(value) });
        } else if (typeof value === 'string' && value.length > 0 && value.length <= SHORT_TEXT) {
          values.push({ kind: 'name', value });
        }
      }
    }
  }
  return values;
}

function firstRows(database: SqliteDatabase, root: number, table: Parameters<typeof rowsOfPages>[1]) {
  const rows = [];
  for (const node of recordPages(database.image, root)) {
    rows.push(...rowsOfPages(database.image, table, [node]));
    if (rows.length >= SAMPLE_ROWS) break;
  }
  return rows.slice(0, SAMPLE_ROWS);
}

/** The columns of `CREATE UNIQUE INDEX … ON table (column)` indexes over one column. */
function uniqueIndexColumns(database: SqliteDatabase, table: string): string[] {
  const columns: string[] = [];
  for (const item of database.schema.objects.values()) {
    if (item.type !== 'index' || !sameName(item.table, table) || item.sql === null) continue;
    const tokens = tokenize(item.sql);
    if (!/^create\s+unique\b/i.test(item.sql)) continue;
    const open = tokens.findIndex((token) => token.kind === 'symbol' && token.value === '(');
    const inside = tokens.slice(open + 1);
    const close = inside.findIndex((token) => token.kind === 'symbol' && token.value === ')');
    const list = inside.slice(0, close);
    if (list.length === 1 && list[0] !== undefined) columns.push(list[0].value);
  }
  return columns;
}

/**
 * A table as the SQL generator needs it: columns with type, nullability and whether an insert may leave them
 * out (a default, a generated column, the rowid alias), the key (primary key, else the rowid alias), and the
 * key values of the sampled rows.
 */
function relationOf(
  name: string,
  shape: TableShape,
  rows: readonly { readonly row: Readonly<Record<string, unknown>> }[],
): HarvestedValue {
  const columns: HarvestedColumn[] = shape.columns.map((column) => ({
    name: column.name,
    type: column.type,
    nullable: !column.notNull,
    hasDefault:
      column.defaultText !== undefined ||
      column.generated !== undefined ||
      (shape.rowidAlias !== undefined && sameName(shape.rowidAlias, column.name)),
  }));
  const key =
    shape.primaryKey.length > 0 ? [...shape.primaryKey] : shape.rowidAlias ? [shape.rowidAlias] : [];
  const relation: HarvestedRelation = {
    dialect: 'sqlite',
    name,
    columns,
    key,
    keyValues: rows.map(({ row }) =>
      Object.fromEntries(key.map((column) => [column, keyScalar(row, column)])),
    ),
  };
  return { kind: 'relation', value: name, relation };
}

/** A key column's value in a row (columns matched without regard to case), as a JSON scalar. */
function keyScalar(row: Readonly<Record<string, unknown>>, column: string): string | number | boolean | null {
  const entry = Object.entries(row).find(([name]) => sameName(name, column));
  const value = entry?.[1];
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number(value);
  return JSON.stringify(value);
}
