import { readCells, recordPages } from './btree.js';
import type { TableShape } from './parseCreateTable.js';
import { parseCreateTable } from './parseCreateTable.js';
import { decodeRecord } from './record.js';
import type { SqliteImage } from './sqliteImage.js';

/** A row of sqlite_schema: a table, index, view or trigger. */
export interface SchemaObject {
  readonly type: string;
  readonly name: string;
  readonly table: string;
  readonly rootPage: number;
  readonly sql: string | null;
}

/**
 * What a table's rows are to the diff:
 * - `data`: rows compared one by one;
 * - `sequence`: sqlite_sequence, whose rows are AUTOINCREMENT counters (`counter` changes);
 * - `derived`: statistics (sqlite_stat*) and full-text index structures (the shadow tables of an FTS virtual
 *   table other than its content): kept by SQLite from other rows, reported as one `counter` note;
 * - `virtual`: a virtual table, which has no rows of its own in the file.
 */
type TableRole = 'data' | 'sequence' | 'derived' | 'virtual';

export interface SqliteTable {
  readonly name: string;
  readonly rootPage: number;
  readonly role: TableRole;
  /** Undefined when the table's statement could not be parsed (its rows are then compared by rowid). */
  readonly shape: TableShape | undefined;
}

export interface SqliteSchema {
  /** `type name` → object, in sqlite_schema order. */
  readonly objects: ReadonlyMap<string, SchemaObject>;
  /** Tables with a b-tree of their own, by name. */
  readonly tables: ReadonlyMap<string, SqliteTable>;
}

/** Shadow tables of full-text virtual tables that hold index structures, not the indexed rows. */
const FTS_DERIVED = ['_data', '_idx', '_docsize', '_config', '_segments', '_segdir', '_stat'];

/** Reads sqlite_schema (the table b-tree at page 1). Throws CorruptDatabaseError on a damaged file. */
export function readSchema(image: SqliteImage): SqliteSchema {
  const objects = new Map<string, SchemaObject>();
  if (image.pageCount === 0) return { objects, tables: new Map() };
  for (const node of recordPages(image, 1)) {
    for (const cell of readCells(image, node)) {
      const [type, name, table, rootPage, sql] = decodeRecord(cell.payload, image.encoding);
      if (typeof type !== 'string' || typeof name !== 'string') continue;
      objects.set(`${type} ${name}`, {
        type,
        name,
        table: typeof table === 'string' ? table : name,
        rootPage: typeof rootPage === 'number' ? rootPage : 0,
        sql: typeof sql === 'string' ? sql : null,
      });
    }
  }
  const fts = [...objects.values()]
    .filter(
      (item) =>
        item.type === 'table' &&
        /^\s*create\s+virtual\s+table\b[\s\S]*\busing\s+fts[345]\b/i.test(item.sql ?? ''),
    )
    .map((item) => item.name.toLowerCase());
  const tables = new Map<string, SqliteTable>();
  for (const item of objects.values()) {
    if (item.type !== 'table') continue;
    const isVirtual = item.rootPage === 0 && /^\s*create\s+virtual\b/i.test(item.sql ?? '');
    tables.set(item.name, {
      name: item.name,
      rootPage: item.rootPage,
      role: isVirtual ? 'virtual' : roleOf(item.name, fts),
      shape: item.sql === null ? undefined : parseCreateTable(item.sql),
    });
  }
  return { objects, tables };
}

function roleOf(name: string, fts: readonly string[]): TableRole {
  const lower = name.toLowerCase();
  if (lower === 'sqlite_sequence') return 'sequence';
  if (/^sqlite_stat\d$/.test(lower)) return 'derived';
  const derived = fts.some((owner) => FTS_DERIVED.some((suffix) => lower === `${owner}${suffix}`));
  return derived ? 'derived' : 'data';
}
