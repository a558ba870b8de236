import type { HarvestedValue } from '../environment.js';
import { recordPages } from './btree.js';
import { sameName } from './parseCreateTable.js';
import { tokenize } from './sqlTokens.js';
import type { SqliteDatabase } from './sqliteDatabase.js';
import { rowsOfPages } from './tableRows.js';

/** Tables and rows per table offered to the generator, at most (as pg's sampleValues). */
const SAMPLE_TABLES = 50;
const SAMPLE_ROWS = 20;
/** Text values longer than this are not offered as names. */
const SHORT_TEXT = 40;

/**
 * Values of a database worth offering to generated arguments, as pg offers them: table names, the values of
 * key and unique columns (primary key, rowid alias, UNIQUE columns and single-column unique indexes) as
 * identifiers, short text values as names; from the first SAMPLE_ROWS rows of the first SAMPLE_TABLES
 * ordinary tables. Pure; a table that cannot be read is skipped.
 */
export function harvestSqliteDatabase(database: SqliteDatabase): HarvestedValue[] {
  const values: HarvestedValue[] = [];
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
    for (const { row } of rows) {
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
