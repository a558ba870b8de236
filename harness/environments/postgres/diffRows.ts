import type { Change } from '../change.js';
import type { PgLogEntry } from './pgSnapshot.js';
import { PG_ENVIRONMENT } from './pgTarget.js';
import { formatRow, formatValue } from './formatValue.js';
import { RowMultiset } from './rowMultiset.js';

type Row = Readonly<Record<string, unknown>>;

/**
 * The row changes of one table from its log entries, net of what happened in between: per row (by its key
 * columns) the first state before and the last state after; for a keyless table, a multiset of whole rows.
 * Inserted → `add`, deleted → `delete`, updated → `modify` naming each column before → after. Pure.
 */
export function diffRows(
  table: string,
  key: readonly string[] | undefined,
  entries: readonly PgLogEntry[],
): Change[] {
  return key === undefined || key.length === 0 ? diffKeyless(table, entries) : diffKeyed(table, key, entries);
}

function diffKeyed(table: string, key: readonly string[], entries: readonly PgLogEntry[]): Change[] {
  const rows = new Map<string, { first: Row | null; last: Row | null }>();
  const touch = (row: Row, state: Row | null, isNew: boolean) => {
    const id = JSON.stringify(key.map((column) => row[column] ?? null));
    const seen = rows.get(id);
    if (seen) seen.last = state;
    else rows.set(id, { first: isNew ? null : row, last: state });
  };
  for (const entry of entries) {
    if (entry.old) touch(entry.old, null, false);
    if (entry.new) touch(entry.new, entry.new, true);
  }
  const changes: Change[] = [];
  for (const { first, last } of rows.values()) {
    const row = last ?? first;
    if (row === null) continue; // inserted and deleted again in between: no net change
    const entity = `${table}(${key.map((column) => `${column}=${formatValue(row[column], 60)}`).join(', ')})`;
    if (first === null && last !== null) {
      changes.push({ kind: 'add', environment: PG_ENVIRONMENT, entity, detail: `row ${formatRow(last)}` });
    } else if (first !== null && last === null) {
      changes.push({
        kind: 'delete',
        environment: PG_ENVIRONMENT,
        entity,
        detail: `row ${formatRow(first)}`,
      });
    } else if (first !== null && last !== null) {
      const columns = [...new Set([...Object.keys(first), ...Object.keys(last)])].filter(
        (column) => JSON.stringify(first[column]) !== JSON.stringify(last[column]),
      );
      if (columns.length === 0) continue;
      changes.push({
        kind: 'modify',
        environment: PG_ENVIRONMENT,
        entity,
        detail: columns.map((c) => `${c}: ${formatValue(first[c])} → ${formatValue(last[c])}`).join('; '),
        columns: columns.map((column) => `${table}.${column}`),
      });
    }
  }
  return changes;
}

function diffKeyless(table: string, entries: readonly PgLogEntry[]): Change[] {
  const net = new RowMultiset();
  for (const entry of entries) {
    if (entry.old) net.add(entry.old, -1);
    if (entry.new) net.add(entry.new, +1);
  }
  const changes: Change[] = [];
  for (const { row, count: n } of net.entries()) {
    const entity = `${table}(${formatRow(row, 60)})`;
    for (let i = 0; i < Math.abs(n); i++) {
      changes.push({
        kind: n > 0 ? 'add' : 'delete',
        environment: PG_ENVIRONMENT,
        entity,
        detail: `keyless row ${formatRow(row)}`,
      });
    }
  }
  return changes;
}
