import type { Change } from '../change.js';
import { diffRows } from './diffRows.js';
import type { PgLogEntry, PgRow } from './pgSnapshot.js';
import { RowMultiset } from './rowMultiset.js';

/**
 * A table's rows after `entries` (its log entries, oldest first) are applied to `rows`: by key when the
 * table has one (an entry's old row leaves, its new row takes the key), else as a multiset of whole rows.
 * Pure.
 */
export function applyEntries(
  rows: readonly PgRow[],
  entries: readonly PgLogEntry[],
  key: readonly string[] | undefined,
): PgRow[] {
  if (entries.length === 0) return [...rows];
  if (key !== undefined && key.length > 0) {
    const id = (row: PgRow) => JSON.stringify(key.map((column) => row[column] ?? null));
    const byKey = new Map(rows.map((row) => [id(row), row]));
    for (const entry of entries) {
      if (entry.old) byKey.delete(id(entry.old));
      if (entry.new) byKey.set(id(entry.new), entry.new);
    }
    return [...byKey.values()];
  }
  const counts = new RowMultiset();
  for (const row of rows) counts.add(row, +1);
  for (const entry of entries) {
    if (entry.old) counts.add(entry.old, -1);
    if (entry.new) counts.add(entry.new, +1);
  }
  return [...counts.entries()].flatMap(({ row, count: n }) =>
    Array.from({ length: Math.max(0, n) }, () => row),
  );
}

/**
 * The row changes between two full row sets of one table, as evidence shaped like the log's: rows equal on
 * both sides drop out, the rest go through diffRows as deletes of the old rows then inserts of the new, so
 * a key present on both sides becomes one `modify` naming each column before → after. Only `columns`
 * (those the table has at both ends) are compared: an added or dropped column is a schema change, reported
 * from the catalogs, not a change to every row. Pure.
 */
export function diffRowSets(
  table: string,
  key: readonly string[] | undefined,
  columns: ReadonlySet<string> | undefined,
  before: readonly PgRow[],
  after: readonly PgRow[],
): Change[] {
  const project = (row: PgRow): PgRow =>
    columns === undefined
      ? row
      : Object.fromEntries(Object.entries(row).filter(([column]) => columns.has(column)));
  const net = new RowMultiset();
  for (const row of before) net.add(project(row), +1);
  for (const row of after) net.add(project(row), -1);
  const gone: PgLogEntry[] = [];
  const came: PgLogEntry[] = [];
  for (const { row, count: n } of net.entries()) {
    for (let i = 0; i < Math.abs(n); i++) {
      if (n > 0) gone.push({ id: 0, rel: 0, table, op: 'D', old: row, new: null });
      else came.push({ id: 0, rel: 0, table, op: 'I', old: null, new: row });
    }
  }
  const keyed = key !== undefined && (columns === undefined || key.every((column) => columns.has(column)));
  return diffRows(table, keyed ? key : undefined, [...gone, ...came]);
}
