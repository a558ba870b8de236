import Database from 'libsql';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseFiles } from '../../../../harness/environments/sqlite/sqliteImage.js';
import type { SqliteValue } from '../../../../harness/environments/sqlite/sqliteValue.js';
import { valueKey } from '../../../../harness/environments/sqlite/sqliteValue.js';

export type Journal = 'wal' | 'delete';

/**
 * A real SQLite database (libsql: SQLite's file format, prebuilt, no install script) in a fresh directory.
 * In WAL mode automatic checkpoints are off, so committed rows stay in the -wal file until `checkpoint()`.
 */
export class TestDatabase implements Disposable {
  readonly directory = mkdtempSync(join(tmpdir(), 'hintproof-sqlite-test-'));
  readonly path = join(this.directory, 'test.db');
  readonly db: Database.Database;

  constructor(journal: Journal, setup = '') {
    this.db = new Database(this.path);
    if (setup !== '') this.db.exec(setup);
    this.db.pragma(`journal_mode = ${journal}`);
    if (journal === 'wal') this.db.pragma('wal_autocheckpoint = 0');
  }

  exec(sql: string): this {
    this.db.exec(sql);
    return this;
  }

  /** The database's files as they are on disk now (never written by the reader). */
  files(): FilesRead {
    return readFiles(this.path);
  }

  checkpoint(): void {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  /** Every row of `table` as SQLite returns it, each value as a comparable key, sorted. */
  rows(table: string): string[] {
    const rows = this.db.prepare(`select * from "${table}"`).all() as Record<string, unknown>[];
    return canonicalRows(rows);
  }

  [Symbol.dispose](): void {
    if (this.db.open) this.db.close();
    rmSync(this.directory, { recursive: true, force: true });
  }
}

/** A database's files as read here: the main file whole. */
export type FilesRead = DatabaseFiles & { readonly main: Uint8Array };

export function readFiles(path: string): FilesRead {
  const optional = (suffix: string) =>
    existsSync(path + suffix) ? { [suffix.slice(1)]: readFileSync(path + suffix) } : {};
  return { main: readFileSync(path), ...optional('-wal'), ...optional('-journal') };
}

/** Rows as sorted strings of `column=valueKey` pairs: equal exactly when SQLite would call them equal. */
export function canonicalRows(rows: readonly Readonly<Record<string, unknown>>[]): string[] {
  return rows
    .map((row) =>
      Object.entries(row)
        .map(([column, value]) => `${column}=${valueKey(asValue(value))}`)
        .join('|'),
    )
    .sort();
}

/** libsql returns blobs as ArrayBuffers. */
function asValue(value: unknown): SqliteValue {
  return value instanceof ArrayBuffer ? new Uint8Array(value) : (value as SqliteValue);
}
