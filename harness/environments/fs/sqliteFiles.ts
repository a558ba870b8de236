import type { Change } from '../change.js';
import type { FileBytes, SqliteDatabase } from '../sqlite/index.js';
import {
  COMPANION_SUFFIXES,
  diffSqliteDatabases,
  hasSqliteHeader,
  readSqliteDatabase,
} from '../sqlite/index.js';
import type { FsEntry } from './fsEntry.js';

/** What a structured reading of some files found: its changes, and the paths it accounts for. */
export interface StructuredDiff {
  readonly changes: Change[];
  /** Paths the file-level diff must not report again. */
  readonly handled: ReadonlySet<string>;
}

type Entries = ReadonlyMap<string, FsEntry>;

/**
 * The changes inside every SQLite database found in two snapshots of one tree (a file whose kept bytes start
 * with the SQLite header), by rows and schema (diffSqliteDatabases), each database's committed state read
 * from its file, its `-journal` and its `-wal`. `prefix` goes before the database's path in entities
 * (`sqlite:todo.db#todos(id=2)` in `{fs}`, `sqlite:home:.app/data.db#…` in HOME). The `-wal`, `-shm` and
 * `-journal` files are never reported on their own. A database present on one side only, or swapped for
 * something other than a file, is left to the file-level diff; one that cannot be read as SQLite on either side is one
 * file-level `modify` saying why. Pure.
 */
export function diffSqliteFiles(old: Entries, now: Entries, prefix: string): StructuredDiff {
  const changes: Change[] = [];
  const handled = new Set<string>();
  for (const path of databasePaths(old, now)) {
    for (const suffix of COMPANION_SUFFIXES) {
      if (old.has(path + suffix) || now.has(path + suffix)) handled.add(path + suffix);
    }
    const a = old.get(path);
    const b = now.get(path);
    // Present on one side only, or no longer a file (a link swapped in): the file-level diff says what it became.
    if (a === undefined || b === undefined || a.type !== 'file' || b.type !== 'file') continue;
    handled.add(path);
    if (
      COMPANION_SUFFIXES.every((suffix) => same(old.get(path + suffix), now.get(path + suffix))) &&
      same(a, b)
    ) {
      continue;
    }
    const before = database(old, path);
    const after = database(now, path);
    if (typeof before === 'string' || typeof after === 'string') {
      const why = typeof before === 'string' ? `before: ${before}` : `after: ${after as string}`;
      changes.push({
        kind: 'modify',
        environment: 'fs',
        entity: path,
        detail: `content changed; not readable as a SQLite database (${why})`,
      });
      continue;
    }
    changes.push(...diffSqliteDatabases(`${prefix}${path}`, before, after));
  }
  return { changes, handled };
}

/** Paths that hold a SQLite database in either snapshot. */
function databasePaths(old: Entries, now: Entries): string[] {
  const paths = new Set<string>();
  for (const entries of [old, now]) {
    for (const [path, entry] of entries) if (databaseContent(entry) !== undefined) paths.add(path);
  }
  return [...paths];
}

/** The entry's kept content (bytes or pages) when it starts like a SQLite database. */
export function databaseContent(entry: FsEntry | undefined): FileBytes | undefined {
  const content = entry?.pages ?? entry?.bytes;
  return content !== undefined && hasSqliteHeader(content) ? content : undefined;
}

function same(a: FsEntry | undefined, b: FsEntry | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return a.sha256 !== undefined && a.sha256 === b.sha256 && a.size === b.size;
}

/** Databases already read, by the entries they were read from (the stat cache shares unchanged entries). */
const memo = new WeakMap<FsEntry, { wal?: FsEntry; journal?: FsEntry; read: SqliteDatabase | string }>();

/** The database at `path` read from its kept bytes, or why it cannot be. */
function database(entries: Entries, path: string): SqliteDatabase | string {
  const main = entries.get(path) as FsEntry;
  const wal = entries.get(`${path}-wal`);
  const journal = entries.get(`${path}-journal`);
  const known = memo.get(main);
  if (known !== undefined && known.wal === wal && known.journal === journal) return known.read;
  let read: SqliteDatabase | string;
  const content = main.pages ?? main.bytes;
  if (content === undefined || (wal !== undefined && wal.bytes === undefined && wal.size > 0)) {
    read = 'its content was not kept (larger than the snapshot keeps)';
  } else {
    try {
      read = readSqliteDatabase({
        main: content,
        ...(wal?.bytes === undefined ? {} : { wal: wal.bytes }),
        ...(journal?.bytes === undefined ? {} : { journal: journal.bytes }),
      });
    } catch (error) {
      read = error instanceof Error ? error.message : String(error);
    }
  }
  memo.set(main, {
    ...(wal === undefined ? {} : { wal }),
    ...(journal === undefined ? {} : { journal }),
    read,
  });
  return read;
}
