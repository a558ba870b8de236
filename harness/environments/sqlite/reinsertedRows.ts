import { sameName } from './parseCreateTable.js';
import type { SqliteTable } from './readSchema.js';
import type { StoredRow } from './tableRows.js';
import { valueKey } from './sqliteValue.js';

/** A deleted row and the added row that holds the same content under a new generated key. */
export interface Reinsertion {
  readonly deleted: StoredRow;
  readonly added: StoredRow;
}

/** A DEFAULT that SQLite fills with the time of the insert: such a column is generated, like the key. */
const TIME_DEFAULT = /current_(?:timestamp|date|time)|'now'|unixepoch|julianday/i;

/**
 * Churn: rows a change deleted and inserted again with the same content under a new generated key (the rowid,
 * or its INTEGER PRIMARY KEY alias), e.g. a tool that replaces a list by deleting it and inserting it anew. A
 * row's content is every column but the key and those whose DEFAULT is the time of the insert (`generated`,
 * named so evidence can say what differs). Tables keyed by a declared key other than the rowid have no
 * generated key: a row there under another key is another row. Each deleted row pairs with at most one added
 * row, in rowid order. Pure.
 */
export function reinsertedRows(
  table: SqliteTable,
  deleted: readonly StoredRow[],
  added: readonly StoredRow[],
): { pairs: Reinsertion[]; generated: string[] } {
  const shape = table.shape;
  if (deleted.length === 0 || added.length === 0) return { pairs: [], generated: [] };
  if (
    shape !== undefined &&
    (shape.withoutRowid || (shape.primaryKey.length > 0 && shape.rowidAlias === undefined))
  )
    return { pairs: [], generated: [] };
  const generated = (shape?.columns ?? [])
    .filter((column) => column.defaultText !== undefined && TIME_DEFAULT.test(column.defaultText))
    .map((column) => column.name);
  const skipped = (column: string) =>
    (shape?.rowidAlias !== undefined && sameName(column, shape.rowidAlias)) ||
    generated.some((name) => sameName(name, column));
  const content = (row: StoredRow) =>
    JSON.stringify(
      Object.keys(row.row)
        .filter((column) => !skipped(column))
        .sort()
        .map((column) => [column, valueKey(row.row[column] ?? null)]),
    );
  const waiting = new Map<string, StoredRow[]>();
  for (const row of [...added].sort(byRowid)) {
    const key = content(row);
    waiting.set(key, [...(waiting.get(key) ?? []), row]);
  }
  const pairs: Reinsertion[] = [];
  for (const row of [...deleted].sort(byRowid)) {
    const match = waiting.get(content(row))?.shift();
    if (match !== undefined) pairs.push({ deleted: row, added: match });
  }
  return { pairs, generated };
}

function byRowid(a: StoredRow, b: StoredRow): number {
  return a.rowid === b.rowid ? 0 : (a.rowid ?? 0n) < (b.rowid ?? 0n) ? -1 : 1;
}
