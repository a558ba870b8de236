import { readFile } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { hasSqliteHeader } from './sqliteImage.js';

/** A seeded database's bytes and the file name each run's copy gets in `{fs}`. */
export interface SeedDatabase {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/**
 * The database every run starts from, made once: a `.sql` script is run by SQLite compiled to WebAssembly
 * (sql.js: in memory, no native build, nothing written but the bytes it hands back); a file that already is a
 * SQLite database (by its header) is used as it is. The copy is named after the seed (`todo.sql` →
 * `todo.db`). Throws an error naming the seed and what to do when it cannot be read or the script fails.
 */
export async function seedDatabase(seed: string): Promise<SeedDatabase> {
  const path = resolve(seed);
  let content: Buffer;
  try {
    content = await readFile(path);
  } catch (error) {
    throw new Error(
      `--sqlite ${seed}: cannot read the seed (${(error as NodeJS.ErrnoException).code ?? String(error)}). ` +
        'Pass a .sql script or a SQLite database file.',
      { cause: error },
    );
  }
  const stem = basename(path, extname(path)) || 'db';
  if (hasSqliteHeader(content)) return { name: `${stem}${extname(path) || '.db'}`, bytes: content };
  const { default: initSqlJs } = await import('sql.js');
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  try {
    db.exec(content.toString('utf8'));
    return { name: `${stem}.db`, bytes: db.export() };
  } catch (error) {
    throw new Error(
      `--sqlite ${seed}: the seed script failed in SQLite: ${error instanceof Error ? error.message : String(error)}. ` +
        'Fix the script (it runs as one batch on an empty database).',
      { cause: error },
    );
  } finally {
    db.close();
  }
}
