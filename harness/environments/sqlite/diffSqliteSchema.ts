import type { Change } from '../change.js';
import type { ColumnShape } from './parseCreateTable.js';
import { sameName } from './parseCreateTable.js';
import type { SchemaObject, SqliteSchema } from './readSchema.js';
import { SQLITE_ENVIRONMENT } from './sqliteDatabase.js';

/**
 * The schema changes between two snapshots of one database (`database` names it in entities): tables,
 * indexes, views and triggers created (`add`), dropped (`delete`) or redefined (`modify`); for a table kept,
 * columns added, dropped or redefined one by one. SQLite's own bookkeeping tables (sqlite_sequence,
 * sqlite_stat*) appearing or going are `counter` notes; indexes SQLite makes for UNIQUE constraints
 * (no statement) follow their table. Pure.
 */
export function diffSqliteSchema(database: string, before: SqliteSchema, after: SqliteSchema): Change[] {
  const changes: Change[] = [];
  const at = (kind: Change['kind'], entity: string, detail: string, columns?: string[]) =>
    changes.push({
      kind,
      environment: SQLITE_ENVIRONMENT,
      entity: `${database}#${entity}`,
      detail,
      ...(columns === undefined ? {} : { columns: columns.map((column) => `${database}#${column}`) }),
    });
  for (const [key, old] of before.objects) {
    const now = after.objects.get(key);
    if (old.sql === null && (now === undefined || now.sql === null)) continue;
    if (now === undefined) {
      at(internal(old) ? 'counter' : 'delete', old.name, describe(old));
    } else if (old.type === 'table' && now.type === 'table') {
      diffTable(old, now, before, after, at);
    } else if (normalized(old.sql) !== normalized(now.sql)) {
      at('modify', old.name, `${old.type}: ${String(old.sql)} → ${String(now.sql)}`);
    }
  }
  for (const [key, now] of after.objects) {
    if (before.objects.has(key) || now.sql === null) continue;
    at(internal(now) ? 'counter' : 'add', now.name, describe(now));
  }
  return changes;
}

type Emit = (kind: Change['kind'], entity: string, detail: string, columns?: string[]) => void;

function diffTable(
  old: SchemaObject,
  now: SchemaObject,
  before: SqliteSchema,
  after: SqliteSchema,
  at: Emit,
): void {
  if (normalized(old.sql) === normalized(now.sql)) return;
  const a = before.tables.get(old.name)?.shape;
  const b = after.tables.get(now.name)?.shape;
  if (a === undefined || b === undefined || a.withoutRowid !== b.withoutRowid) {
    at('modify', old.name, `table: ${String(old.sql)} → ${String(now.sql)}`);
    return;
  }
  const find = (columns: readonly ColumnShape[], name: string) => columns.find((c) => sameName(c.name, name));
  let columnChanged = false;
  for (const column of a.columns) {
    const kept = find(b.columns, column.name);
    if (kept === undefined) {
      at('delete', `${old.name}.${column.name}`, `column ${columnText(column)}`);
      columnChanged = true;
    } else if (columnText(kept) !== columnText(column)) {
      at('modify', `${old.name}.${column.name}`, `column ${columnText(column)} → ${columnText(kept)}`, [
        `${old.name}.${column.name}`,
      ]);
      columnChanged = true;
    }
  }
  for (const column of b.columns) {
    if (find(a.columns, column.name) === undefined) {
      at('add', `${old.name}.${column.name}`, `column ${columnText(column)}`);
      columnChanged = true;
    }
  }
  const keyMoved = a.primaryKey.join(',').toLowerCase() !== b.primaryKey.join(',').toLowerCase();
  if (!columnChanged || keyMoved) at('modify', old.name, `table: ${String(old.sql)} → ${String(now.sql)}`);
}

function columnText(column: ColumnShape): string {
  return [
    column.name,
    column.type,
    column.notNull ? 'NOT NULL' : '',
    column.defaultText === undefined ? '' : `DEFAULT ${column.defaultText}`,
    column.generated === undefined ? '' : `GENERATED ${column.generated.toUpperCase()}`,
  ]
    .filter((part) => part !== '')
    .join(' ');
}

function internal(item: SchemaObject): boolean {
  return item.type === 'table' && /^sqlite_(?:sequence|stat\d)$/i.test(item.name);
}

function describe(item: SchemaObject): string {
  return item.sql === null ? item.type : `${item.type}: ${item.sql}`;
}

/** Statement text compared without differences of whitespace. */
function normalized(sql: string | null): string {
  return (sql ?? '').replace(/\s+/g, ' ').trim();
}
