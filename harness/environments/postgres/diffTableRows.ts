import type { Change } from '../change.js';
import { diffRows } from './diffRows.js';
import type { PgLogEntry, PgSnapshot } from './pgSnapshot.js';
import { PG_ENVIRONMENT } from './pgTarget.js';
import { diffRowSets } from './rowSets.js';

/**
 * The row changes from `before` to `after` (two snapshots of one database, `before` taken first). Tables
 * whose log is trusted over the interval: their log entries written in between, netted per row key.
 * Tables compared in full (see rescan): the difference between their two row sets — same evidence, rows
 * added, deleted, or modified column by column. Plus one `counter` note per way capture was defeated in
 * the interval (shown in evidence, ignored by the checks). Rows of tables gone by `after` are left to the
 * catalog diff (the table is deleted). Pure.
 *
 * Full comparisons are made between consecutive snapshots; a pair further apart can only be diffed when
 * no table was compared in full in between (the engine only diffs consecutive snapshots).
 */
export function diffTableRows(before: PgSnapshot, after: PgSnapshot): Change[] {
  if (after.seq === before.seq) return [];
  const shared = before.log.length;
  if (
    after.seq < before.seq ||
    after.log.length < shared ||
    (shared > 0 && after.log[shared - 1]?.id !== before.log[shared - 1]?.id)
  ) {
    throw new Error(
      `pg: cannot diff snapshot #${before.seq} (before) against #${after.seq} (after): "after" must be a later ` +
        'snapshot of the same database. Pass the earlier snapshot first.',
    );
  }
  const consecutive = after.seq === before.seq + 1;
  if (!consecutive) {
    const compared = [...after.bases].find(([, base]) => base.seq > before.seq);
    if (compared !== undefined) {
      throw new Error(
        `pg: cannot diff snapshot #${before.seq} against #${after.seq}: table ${compared[0]} was compared in full ` +
          `at snapshot #${compared[1].seq} (its change capture could not be trusted), and full comparisons are ` +
          'only kept between consecutive snapshots. Diff each snapshot against the one before it.',
      );
    }
  }
  const untrusted = consecutive ? after.judgement.untrusted : new Map<string, string>();
  const names = new Map([...after.capture.tables].map(([name, table]) => [table.oid, name]));
  const byTable = new Map<string, PgLogEntry[]>();
  for (const entry of after.log.slice(shared)) {
    const name = entry.op === 'T' ? undefined : names.get(entry.rel);
    if (name === undefined || untrusted.has(name)) continue;
    byTable.set(name, [...(byTable.get(name) ?? []), entry]);
  }
  const changes: Change[] = [];
  for (const [table, entries] of byTable) {
    changes.push(...diffRows(table, after.keys.get(table) ?? before.keys.get(table), entries));
  }
  if (!consecutive) return changes;
  for (const [table, rows] of after.rescans) {
    const key = after.keys.get(table) ?? before.keys.get(table);
    changes.push(...diffRowSets(table, key, sharedColumns(before, after, table), rows.before, rows.after));
  }
  for (const note of after.judgement.notes) {
    changes.push({ kind: 'counter', environment: PG_ENVIRONMENT, entity: '(change capture)', detail: note });
  }
  return changes;
}

/** The columns `table` has in both snapshots; undefined when it is missing from `before`. */
function sharedColumns(before: PgSnapshot, after: PgSnapshot, table: string): Set<string> | undefined {
  const columns = (snapshot: PgSnapshot) => {
    const prefix = `column ${table}.`;
    return new Set(
      [...snapshot.objects]
        .filter(([key, item]) => item.type === 'column' && item.owner === table && key.startsWith(prefix))
        .map(([key]) => key.slice(prefix.length)),
    );
  };
  if (!before.objects.has(`table ${table}`) && !before.objects.has(`materialized view ${table}`))
    return undefined;
  const then = columns(before);
  return new Set([...columns(after)].filter((column) => then.has(column)));
}
