import type { Change } from '../change.js';
import { recordPages, sameRecordPage } from './btree.js';
import { diffSqliteRows } from './diffSqliteRows.js';
import { diffSqliteSchema } from './diffSqliteSchema.js';
import { diffHeaderFields } from './headerFields.js';
import type { SqliteTable } from './readSchema.js';
import type { SqliteDatabase } from './sqliteDatabase.js';
import { SQLITE_ENVIRONMENT } from './sqliteDatabase.js';

/** Row changes listed per database at most; the rest are summarised in one more change. */
export const SQLITE_CHANGE_LIMIT = 50;

const ORDER = { delete: 0, modify: 1, add: 2, append: 3, counter: 4 } as const;

/**
 * The changes between two snapshots of one database, by meaning (the evidence shape of pg): schema objects
 * and columns (diffSqliteSchema); the settings its header keeps (`user_version`, `application_id`, the page
 * size…: diffHeaderFields); rows of every ordinary table kept or created (diffSqliteRows); sqlite_sequence
 * rows as `counter` (`todo.db#sqlite_sequence(name="todos")`, `seq: 3 → 4`); one `counter` per statistics or full-text
 * index table whose content moved. `database` names the database in entities (`todo.db`). Past
 * SQLITE_CHANGE_LIMIT row changes, one more change on the database counts the rest, with the most destructive
 * kind among them. Pure; throws CorruptDatabaseError when a b-tree cannot be read.
 */
export function diffSqliteDatabases(
  database: string,
  before: SqliteDatabase,
  after: SqliteDatabase,
): Change[] {
  const changes: Change[] = [
    ...diffSqliteSchema(database, before.schema, after.schema),
    ...diffHeaderFields(database, before.image, after.image),
  ];
  const rows: Change[] = [];
  for (const table of after.schema.tables.values()) {
    const was = before.schema.tables.get(table.name);
    const comparable = was !== undefined && was.shape?.withoutRowid === table.shape?.withoutRowid;
    if (table.role === 'virtual' || table.rootPage <= 0) continue;
    if (table.role === 'sequence') {
      changes.push(...sequenceChanges(database, before, was, after, table));
    } else if (table.role === 'derived') {
      if (was !== undefined && !samePages(before, was, after, table)) {
        changes.push({
          kind: 'counter',
          environment: SQLITE_ENVIRONMENT,
          entity: `${database}#${table.name}`,
          detail: 'derived data changed (statistics or a full-text index kept by SQLite)',
        });
      }
    } else {
      rows.push(
        ...diffSqliteRows(database, comparable ? { image: before.image, table: was } : undefined, {
          image: after.image,
          table,
        }),
      );
    }
  }
  const sorted = rows.sort(byKindThenEntity);
  const listed = sorted.slice(0, SQLITE_CHANGE_LIMIT);
  const rest = sorted.slice(SQLITE_CHANGE_LIMIT);
  if (rest.length > 0) {
    const count = (kind: Change['kind']) => rest.filter((change) => change.kind === kind).length;
    const kinds = (['delete', 'modify', 'add'] as const).filter((kind) => count(kind) > 0);
    listed.push({
      kind: kinds[0] ?? 'add',
      environment: SQLITE_ENVIRONMENT,
      entity: database,
      detail: `${rest.length} more row ${rest.length === 1 ? 'change' : 'changes'} not listed (${kinds
        .map((kind) => `${count(kind)} ${kind}`)
        .join(', ')})`,
    });
  }
  return [...changes, ...listed].sort(byKindThenEntity);
}

function byKindThenEntity(a: Change, b: Change): number {
  return ORDER[a.kind] - ORDER[b.kind] || (a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : 0);
}

/** Whether a table's record pages are all unchanged (same numbers, same bytes). */
function samePages(
  before: SqliteDatabase,
  was: SqliteTable,
  after: SqliteDatabase,
  table: SqliteTable,
): boolean {
  if (was.rootPage !== table.rootPage) return false;
  const a = recordPages(before.image, was.rootPage).map((node) => node.number);
  const b = recordPages(after.image, table.rootPage).map((node) => node.number);
  return (
    a.length === b.length &&
    a.every((page, i) => page === b[i] && sameRecordPage(before.image, after.image, page))
  );
}

/** sqlite_sequence rows (name, seq) as counters: an AUTOINCREMENT table's last id moving is bookkeeping. */
function sequenceChanges(
  database: string,
  before: SqliteDatabase,
  was: SqliteTable | undefined,
  after: SqliteDatabase,
  table: SqliteTable,
): Change[] {
  // Its rows are told apart by the table they count for: `sqlite_sequence(name="todos")`.
  const byName = (side: SqliteTable): SqliteTable =>
    side.shape === undefined ? side : { ...side, shape: { ...side.shape, primaryKey: ['name'] } };
  const changes = diffSqliteRows(
    database,
    was === undefined ? undefined : { image: before.image, table: byName(was) },
    { image: after.image, table: byName(table) },
  );
  return changes.map((change) => ({
    kind: 'counter' as const,
    environment: SQLITE_ENVIRONMENT,
    entity: change.entity,
    detail: change.detail,
  }));
}
