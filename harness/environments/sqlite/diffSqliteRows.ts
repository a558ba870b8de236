import type { Change } from '../change.js';
import type { BtreeNode } from './btree.js';
import { recordPages, sameRecordPage } from './btree.js';
import { sameName } from './parseCreateTable.js';
import type { SqliteTable } from './readSchema.js';
import { SQLITE_ENVIRONMENT } from './sqliteDatabase.js';
import type { SqliteImage } from './sqliteImage.js';
import type { StoredRow } from './tableRows.js';
import { rowsOfPages } from './tableRows.js';
import type { SqliteRow } from './sqliteValue.js';
import { reinsertedRows } from './reinsertedRows.js';
import { formatSqliteRow, formatSqliteValue, valueKey } from './sqliteValue.js';

/** One side of a table for the row diff: the image it lives in and its schema entry. */
export interface TableSide {
  readonly image: SqliteImage;
  readonly table: SqliteTable;
}

/**
 * The row changes of one table between two images, reading only what may have moved: the table's record
 * pages are listed from its b-tree on both sides, a page with the same number and the same bytes on both
 * sides (overflow pages included) holds the same rows and is skipped, and only the rest are decoded. Rows are
 * matched by identity (see rowIdentity): only in `after` → `add`, only in `before` → `delete`, on both sides
 * with different values in the columns both sides have → `modify` naming each column before → after. A table
 * absent from `before` has every row added. Churn is explained: a deleted row inserted again with the same
 * content under a new generated key (reinsertedRows) keeps its `delete` and `add`, each naming the other.
 * Pure.
 */
export function diffSqliteRows(database: string, before: TableSide | undefined, after: TableSide): Change[] {
  const afterPages = recordPages(after.image, after.table.rootPage);
  const beforePages = before === undefined ? [] : recordPages(before.image, before.table.rootPage);
  const stillThere = new Set<number>();
  if (before !== undefined && before.table.rootPage === after.table.rootPage) {
    const afterNumbers = new Set(afterPages.map((node) => node.number));
    for (const node of beforePages) {
      if (afterNumbers.has(node.number) && sameRecordPage(before.image, after.image, node.number)) {
        stillThere.add(node.number);
      }
    }
  }
  const moved = (nodes: readonly BtreeNode[]) => nodes.filter((node) => !stillThere.has(node.number));
  const old = before === undefined ? [] : rowsOfPages(before.image, before.table, moved(beforePages));
  const now = rowsOfPages(after.image, after.table, moved(afterPages));
  if (old.length === 0 && now.length === 0) return [];
  const shared = sharedColumns(before?.table, after.table);
  const identity = rowIdentity(after.table, [old, now]);
  const byKey = (rows: readonly StoredRow[]) => new Map(rows.map((row) => [identity.key(row), row] as const));
  const oldRows = byKey(old);
  const newRows = byKey(now);
  const changes: Change[] = [];
  const name = after.table.name;
  const entity = (row: StoredRow) => `${database}#${name}(${identity.label(row)})`;
  for (const [key, was] of oldRows) {
    const is = newRows.get(key);
    if (is === undefined) continue;
    const columns = Object.keys(is.row).filter(
      (column) => shared(column) && valueKey(was.row[column] ?? null) !== valueKey(is.row[column] ?? null),
    );
    if (columns.length === 0) continue;
    changes.push({
      ...change(
        'modify',
        entity(is),
        columns
          .map(
            (c) => `${c}: ${formatSqliteValue(was.row[c] ?? null)} → ${formatSqliteValue(is.row[c] ?? null)}`,
          )
          .join('; '),
      ),
      columns: columns.map((column) => `${database}#${name}.${column}`),
    });
  }
  const deleted = [...oldRows].filter(([key]) => !newRows.has(key)).map(([, row]) => row);
  const added = [...newRows].filter(([key]) => !oldRows.has(key)).map(([, row]) => row);
  const churn = reinsertedRows(after.table, deleted, added);
  const note = new Map<StoredRow, string>();
  for (const { deleted: was, added: is } of churn.pairs) {
    const differs = churn.generated.filter(
      (column) => valueKey(was.row[column] ?? null) !== valueKey(is.row[column] ?? null),
    );
    const aside = differs.length === 0 ? '' : ` (${differs.join(', ')} aside: the time of the insert)`;
    note.set(was, `; re-inserted as ${identity.label(is)} with the same content${aside}`);
    note.set(is, `; ${identity.label(was)} re-inserted with the same content${aside}`);
  }
  for (const was of deleted)
    changes.push(change('delete', entity(was), `row ${formatSqliteRow(was.row)}${note.get(was) ?? ''}`));
  for (const is of added)
    changes.push(change('add', entity(is), `row ${formatSqliteRow(is.row)}${note.get(is) ?? ''}`));
  return changes;
}

function change(kind: Change['kind'], entity: string, detail: string): Change {
  return { kind, environment: SQLITE_ENVIRONMENT, entity, detail };
}

/** Which columns to compare: those both sides declare (a column added or dropped is a schema change). */
function sharedColumns(before: SqliteTable | undefined, after: SqliteTable): (column: string) => boolean {
  const a = before?.shape?.columns;
  const b = after.shape?.columns;
  if (a === undefined || b === undefined) return () => true;
  return (column) => a.some((c) => sameName(c.name, column)) && b.some((c) => sameName(c.name, column));
}

/** How rows of a table are told apart, and how one is named in evidence. */
interface RowIdentity {
  key(row: StoredRow): string;
  label(row: StoredRow): string;
}

/**
 * A row's identity: its primary key's values when the table declares one (a rowid alias is one), else its
 * rowid (`todos(rowid=5)`). A rowid table whose declared key repeats among `sides` (SQLite lets a non-integer
 * key hold several NULLs) is told apart by rowid instead.
 */
function rowIdentity(table: SqliteTable, sides: readonly (readonly StoredRow[])[]): RowIdentity {
  const key = table.shape?.primaryKey ?? [];
  const byRowid: RowIdentity = {
    key: (row) => `r${row.rowid ?? ''}`,
    label: (row) => `rowid=${row.rowid ?? '?'}`,
  };
  if (key.length === 0) return byRowid;
  const columnOf = (row: SqliteRow, name: string) =>
    Object.keys(row).find((column) => sameName(column, name)) ?? name;
  const byKey: RowIdentity = {
    key: (row) => JSON.stringify(key.map((name) => valueKey(row.row[columnOf(row.row, name)] ?? null))),
    label: (row) =>
      key
        .map(
          (name) =>
            `${columnOf(row.row, name)}=${formatSqliteValue(row.row[columnOf(row.row, name)] ?? null, 60)}`,
        )
        .join(', '),
  };
  if (table.shape?.withoutRowid) return byKey;
  const unique = sides.every((rows) => new Set(rows.map((row) => byKey.key(row))).size === rows.length);
  return unique ? byKey : byRowid;
}
