import type { Change } from '../change.js';
import { NotUnderstood } from '../notUnderstood.js';
import type { ParseBudget } from '../parseBudget.js';
import type { DatabaseFiles, FileBytes, SqliteDatabase } from '../sqlite/index.js';
import {
  COMPANION_SUFFIXES,
  diffSqliteDatabases,
  hasSqliteHeader,
  inputBytes,
  readSqliteDatabase,
  spending,
} from '../sqlite/index.js';
import { understand } from '../understand.js';
import type { FsEntry } from './fsEntry.js';

/** What a structured reading of some files found: its changes, and the paths it accounts for. */
export interface StructuredDiff {
  readonly changes: Change[];
  /** Paths the file-level diff must not report again. */
  readonly handled: ReadonlySet<string>;
  /**
   * Paths it could not read by meaning, left to the file-level diff (compared as bytes), with the note their
   * changes carry (NotUnderstood's message: `not understood as SQLite: …`).
   */
  readonly notUnderstood: ReadonlyMap<string, string>;
}

type Entries = ReadonlyMap<string, FsEntry>;

/**
 * The changes inside every SQLite database found in two snapshots of one tree (a file whose kept bytes start
 * with the SQLite header), by rows and schema (diffSqliteDatabases), each database's committed state read
 * from its file, its `-journal` and its `-wal`. `prefix` goes before the database's path in entities
 * (`sqlite:todo.db#todos(id=2)` in `{fs}`, `sqlite:home:.app/data.db#…` in HOME). The `-wal`, `-shm` and
 * `-journal` files are never reported on their own. A database present on one side only, or swapped for
 * something other than a file, is left to the file-level diff; so is one that cannot be read as SQLite on
 * either side, or whose reading goes past its budget (`understand`): it and its companions are compared as
 * bytes, noted in `notUnderstood`. Pure.
 */
export function diffSqliteFiles(old: Entries, now: Entries, prefix: string): StructuredDiff {
  const changes: Change[] = [];
  const handled = new Set<string>();
  const notUnderstood = new Map<string, string>();
  for (const path of databasePaths(old, now)) {
    const companions = COMPANION_SUFFIXES.map((suffix) => path + suffix).filter(
      (companion) => old.has(companion) || now.has(companion),
    );
    const a = old.get(path);
    const b = now.get(path);
    // Present on one side only, or no longer a file (a link swapped in): the file-level diff says what it became.
    if (a === undefined || b === undefined || a.type !== 'file' || b.type !== 'file') {
      for (const companion of companions) handled.add(companion);
      continue;
    }
    if (companions.every((companion) => same(old.get(companion), now.get(companion))) && same(a, b)) {
      for (const file of [path, ...companions]) handled.add(file);
      continue;
    }
    const before = database(old, path);
    const after = database(now, path);
    const diffed =
      before instanceof NotUnderstood
        ? before
        : after instanceof NotUnderstood
          ? after
          : understand('SQLite', size(before) + size(after), (budget) =>
              diffSqliteDatabases(`${prefix}${path}`, spending(before, budget), spending(after, budget)),
            );
    if (diffed instanceof NotUnderstood) {
      for (const file of [path, ...companions]) notUnderstood.set(file, diffed.message);
      continue;
    }
    for (const file of [path, ...companions]) handled.add(file);
    changes.push(...diffed.map((change) => ({ ...change, within: path })));
  }
  return { changes, handled, notUnderstood };
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

/** The input a database was read from: its diff may spend a budget fit for both sides'. */
const sizes = new WeakMap<SqliteDatabase, number>();

function size(database: SqliteDatabase): number {
  return sizes.get(database) ?? 0;
}

/** Databases already read, by the entries they were read from (the stat cache shares unchanged entries). */
const memo = new WeakMap<
  FsEntry,
  { wal?: FsEntry; journal?: FsEntry; read: SqliteDatabase | NotUnderstood }
>();

/** The database at `path` read from its kept bytes, or why it cannot be. */
function database(entries: Entries, path: string): SqliteDatabase | NotUnderstood {
  const main = entries.get(path) as FsEntry;
  const wal = entries.get(`${path}-wal`);
  const journal = entries.get(`${path}-journal`);
  const known = memo.get(main);
  if (known !== undefined && known.wal === wal && known.journal === journal) return known.read;
  const read = readFiles(main, wal, journal);
  memo.set(main, {
    ...(wal === undefined ? {} : { wal }),
    ...(journal === undefined ? {} : { journal }),
    read,
  });
  return read;
}

function readFiles(
  main: FsEntry,
  wal: FsEntry | undefined,
  journal: FsEntry | undefined,
): SqliteDatabase | NotUnderstood {
  const content = main.pages ?? main.bytes;
  if (content === undefined || (wal !== undefined && wal.bytes === undefined && wal.size > 0)) {
    return new NotUnderstood('SQLite', 'its content was not kept (larger than the snapshot keeps)');
  }
  const files: DatabaseFiles = {
    main: content,
    ...(wal?.bytes === undefined ? {} : { wal: wal.bytes }),
    ...(journal?.bytes === undefined ? {} : { journal: journal.bytes }),
  };
  const read = understand('SQLite', inputBytes(files), (budget: ParseBudget) =>
    readSqliteDatabase(files, budget),
  );
  if (!(read instanceof NotUnderstood)) sizes.set(read, inputBytes(files));
  return read;
}
