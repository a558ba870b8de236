import { constants } from 'node:fs';
import { lstat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Change } from '../change.js';
import type { EnvironmentInstance, EnvironmentProvider, HarvestedValue, Snapshot } from '../environment.js';
import type { SeedDatabase } from './seedDatabase.js';
import { seedDatabase } from './seedDatabase.js';
import { SQLITE_ENVIRONMENT } from './sqliteDatabase.js';

export interface SqliteProviderOptions {
  /** `--sqlite`: a .sql script (or a SQLite file) every run's database starts as. */
  readonly seed: string;
}

/**
 * The `{sqlite}` environment: each run gets a fresh copy of the seeded database at `{fs}/<seed name>.db`,
 * and `{sqlite}` names it. Its rows are observed where every SQLite database in the sandbox is: by the
 * snapshot of the directory it lives in (`sqlite:todo.db#todos(id=2)`), so this instance keeps no state of
 * its own. Must come after the fs provider, whose directory it writes into.
 */
export async function createSqliteProvider(options: SqliteProviderOptions): Promise<EnvironmentProvider> {
  const seed: SeedDatabase = await seedDatabase(options.seed);
  return {
    name: SQLITE_ENVIRONMENT,
    async create(runDirectory: string): Promise<EnvironmentInstance> {
      const path = join(resolve(runDirectory), 'fs', seed.name);
      const existing = await lstat(path).catch(() => undefined);
      if (existing !== undefined) {
        throw new Error(
          `--sqlite ${options.seed}: the --fs seed already holds ${seed.name}, where the seeded database goes. ` +
            'Rename one of them.',
        );
      }
      // O_EXCL: never through a link, never over a file.
      await writeFile(path, seed.bytes, {
        flag: constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY,
        mode: 0o644,
      });
      return sqliteInstance(path);
    },
    [Symbol.asyncDispose]: () => Promise.resolve(),
  };
}

function sqliteInstance(path: string): EnvironmentInstance {
  const snapshot: Snapshot = Object.freeze({ environment: SQLITE_ENVIRONMENT });
  return {
    name: SQLITE_ENVIRONMENT,
    placeholders: Object.freeze({ [SQLITE_ENVIRONMENT]: path }),
    snapshot: () => Promise.resolve(snapshot),
    diff: (): Change[] => [],
    harvest: (): HarvestedValue[] => [],
    // The copy lives in {fs}, which removes it with the rest of the sandbox.
    [Symbol.asyncDispose]: () => Promise.resolve(),
  };
}
