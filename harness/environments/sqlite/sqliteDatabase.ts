import type { ParseBudget } from '../parseBudget.js';
import type { SqliteSchema } from './readSchema.js';
import { readSchema } from './readSchema.js';
import type { DatabaseFiles, SqliteImage } from './sqliteImage.js';
import { openImage, withBudget } from './sqliteImage.js';

/** The environment name of changes inside SQLite databases: `sqlite:todo.db#todos(id=2)`. */
export const SQLITE_ENVIRONMENT = 'sqlite';

/** The suffixes of the files that belong to a database `x.db`: never compared on their own. */
export const COMPANION_SUFFIXES = ['-wal', '-shm', '-journal'] as const;

/** One database's committed state at one instant: its pages in memory and its schema. Immutable. */
export interface SqliteDatabase {
  readonly image: SqliteImage;
  readonly schema: SqliteSchema;
}

/**
 * Reads a database from its files' bytes, as SQLite would see its committed state (a hot journal rolled
 * back, the WAL's committed frames applied), without writing anything. Throws CorruptDatabaseError when the
 * bytes are not a database this reader understands, or reading them goes past `budget` (by default one fit
 * for their size).
 */
export function readSqliteDatabase(files: DatabaseFiles, budget?: ParseBudget): SqliteDatabase {
  const image = openImage(files, budget);
  return { image, schema: readSchema(image) };
}

/** `database` read on with `budget` (see withBudget). */
export function spending(database: SqliteDatabase, budget: ParseBudget): SqliteDatabase {
  return { image: withBudget(database.image, budget), schema: database.schema };
}
