import type pg from 'pg';
import { newPgClient } from './pgClient.js';
import type { HarvestedValue } from '../environment.js';
import { SandboxLost } from '../sandboxLost.js';
import type { DatabaseLedger } from './databaseLedger.js';
import { quoteIdentifier } from './databaseLedger.js';
import { installCapture } from './installCapture.js';
import { CAPTURE_SCHEMA } from './installCapture.js';
import { loadSeed } from './loadSeed.js';
import type { MaintenanceClient } from './maintenanceClient.js';
import type { OwnerRole } from './ownerRole.js';
import { ownerGrants } from './ownerRole.js';
import type { PgOrigin } from './pgOrigin.js';
import { createOrigin, readOrigin } from './pgOrigin.js';
import type { PgTarget } from './pgTarget.js';
import { readKeys } from './readCatalog.js';
import { sampleValues } from './sampleValues.js';

/** A seeded template with change capture, and what every copy of it is compared with. */
export interface PgTemplate extends AsyncDisposable {
  readonly name: string;
  readonly oid: number;
  readonly origin: PgOrigin;
  readonly samples: readonly HarvestedValue[];
}

/** Makes database `name` from `template` (hintproof's own from the start); resolves to its oid. */
export type CopyDatabase = (name: string, template: string) => Promise<number>;

/**
 * Creates the template `name`, loads the seed (as `role` when there is one, so that the seed's objects are
 * its own in every copy), installs change capture, and reads what runs are compared with (capture state,
 * table fingerprints) and the values sampled for the generator. The template stays hintproof's: the server's
 * role cannot drop it. A pristine copy for the
 * template's rows is made on first use; if the template is gone by then (the server dropped it), the run
 * that needed it has lost its reference.
 */
export async function makeTemplate(
  admin: MaintenanceClient,
  ledger: DatabaseLedger,
  server: PgTarget,
  name: string,
  seed: string | undefined,
  copy: CopyDatabase,
  role: OwnerRole | undefined,
): Promise<PgTemplate> {
  ledger.names.add(name);
  await admin.query(`create database ${quoteIdentifier(name)} template template0 encoding 'UTF8'`);
  if (role !== undefined)
    await admin.query(`grant create on database ${quoteIdentifier(name)} to ${quoteIdentifier(role.name)}`);
  const { rows } = await admin.query<{ oid: number }>(
    'select oid::int as oid from pg_database where datname = $1',
    [name],
  );
  const oid = rows[0]?.oid;
  if (oid === undefined)
    throw new SandboxLost(`the template database ${name} was dropped as it was being made`);
  ledger.own.set(oid, name);
  const prepared = await prepareTemplate({ ...server, database: name }, seed, role);
  const origin = createOrigin(prepared.origin, async () => {
    const pristine = `${name}_pristine`;
    try {
      await copy(pristine, name);
    } catch (error) {
      throw new SandboxLost(
        `the template database every run's database is copied from was dropped, and its rows were needed to ` +
          `compare a table whose change capture the server defeated (${error instanceof Error ? error.message : String(error)})`,
        { cause: error },
      );
    }
    return { ...server, database: pristine };
  });
  return {
    name,
    oid,
    origin,
    samples: prepared.samples,
    [Symbol.asyncDispose]: () => origin[Symbol.asyncDispose](),
  };
}

async function prepareTemplate(
  target: pg.ClientConfig,
  seed: string | undefined,
  role: OwnerRole | undefined,
): Promise<{ samples: HarvestedValue[]; origin: Awaited<ReturnType<typeof readOrigin>> }> {
  const client = newPgClient({ ...target, application_name: 'hintproof-seed' });
  client.on('error', () => {});
  await client.connect();
  try {
    if (role !== undefined) {
      // Postgres 15+: public is the database owner's (hintproof's here); before, everyone may create in it.
      await client.query(`grant create on schema public to ${quoteIdentifier(role.name)}`).catch(() => {});
      await client.query(`set role ${quoteIdentifier(role.name)}`);
    }
    if (seed !== undefined) await loadSeed(client, seed, role?.name);
    if (role !== undefined) await client.query('reset role');
    await client.query('begin');
    await installCapture(client);
    if (role !== undefined) await client.query(ownerGrants(CAPTURE_SCHEMA, role));
    await client.query('commit');
    const origin = await readOrigin(client);
    return { samples: await sampleValues(client, await readKeys(client)), origin };
  } finally {
    await client.end().catch(() => {});
  }
}
