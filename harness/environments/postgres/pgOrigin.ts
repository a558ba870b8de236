import type pg from 'pg';
import { newPgClient } from './pgClient.js';
import { useCanonicalOutput } from './canonicalOutput.js';
import type { PgRow } from './pgSnapshot.js';
import type { PgTarget } from './pgTarget.js';
import type { CaptureState } from './readCapture.js';
import { readCapture } from './readCapture.js';
import { fingerprintTables, readRows } from './scanTables.js';

/**
 * What every run's database starts from, read once per seed: the template's change capture (the
 * reference for "intact") and each table's fingerprint; and, only when a run needs the template's rows of
 * a table whose capture was defeated, those rows, from a pristine copy of the template made on first use.
 */
export interface PgOrigin {
  readonly capture: CaptureState;
  /** Table → `count:sum` fingerprint of its rows in the template. */
  readonly fingerprints: ReadonlyMap<string, string>;
  /** The template's rows of a table (cached). */
  rows(table: string): Promise<readonly PgRow[]>;
}

/** Reads the template's capture state and fingerprints (one scan of every table, once per seed). */
export async function readOrigin(client: pg.ClientBase): Promise<Pick<PgOrigin, 'capture' | 'fingerprints'>> {
  await useCanonicalOutput(client);
  const capture = await readCapture(client);
  const names = [...capture.tables.keys()];
  const prints = await fingerprintTables(
    client,
    names.map((name) => capture.tables.get(name)!.ident),
  );
  return { capture, fingerprints: new Map(names.map((name, i) => [name, prints[i]!])) };
}

/**
 * The origin of a provider's runs. `makePristine` copies the template into a database nobody else
 * connects to (the template itself must stay free of connections so it can be copied); it is called at
 * most once. Disposing closes the connection to the copy (the provider drops the database).
 */
export function createOrigin(
  read: Pick<PgOrigin, 'capture' | 'fingerprints'>,
  makePristine: () => Promise<PgTarget>,
): PgOrigin & AsyncDisposable {
  let client: Promise<pg.Client> | undefined;
  const cache = new Map<string, Promise<PgRow[]>>();
  const connect = async () => {
    const target = await makePristine();
    const pristine = newPgClient({ ...target, application_name: 'hintproof-pristine' });
    pristine.on('error', () => {});
    await pristine.connect();
    await useCanonicalOutput(pristine);
    return pristine;
  };
  return {
    ...read,
    rows(table: string): Promise<readonly PgRow[]> {
      const ident = read.capture.tables.get(table)?.ident;
      if (ident === undefined) {
        return Promise.reject(
          new Error(
            `pg: the template has no table ${table}, so it has no rows of it to compare with (internal).`,
          ),
        );
      }
      let rows = cache.get(table);
      if (rows === undefined) {
        if (client === undefined) {
          const connecting = connect();
          client = connecting;
          connecting.catch(() => {
            if (client === connecting) client = undefined;
          });
        }
        rows = client.then((pristine) => readRows(pristine, ident));
        cache.set(table, rows);
        rows.catch(() => cache.delete(table));
      }
      return rows;
    },
    async [Symbol.asyncDispose](): Promise<void> {
      const open = client;
      client = undefined;
      await (await open?.catch(() => undefined))?.end().catch(() => {});
    },
  };
}
