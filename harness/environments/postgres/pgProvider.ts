import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { onExitCleanup } from '../../process/exitCleanup.js';
import type { EnvironmentProvider, HarvestedValue } from '../environment.js';
import { connectUrlServer } from './connectUrlServer.js';
import { dropDatabasesNow } from './dropDatabasesAtExit.js';
import { installCapture } from './installCapture.js';
import { loadSeed } from './loadSeed.js';
import type { PgInstance } from './pgInstance.js';
import { createPgInstance } from './pgInstance.js';
import type { PgOrigin } from './pgOrigin.js';
import { createOrigin, readOrigin } from './pgOrigin.js';
import type { PgServer } from './pgServer.js';
import { PG_ENVIRONMENT } from './pgTarget.js';
import { readKeys } from './readCatalog.js';
import { sampleValues } from './sampleValues.js';
import { startDockerServer } from './startDockerServer.js';
import { startEmbeddedServer } from './startEmbeddedServer.js';

export const PG_PROVIDERS = ['embedded', 'url', 'docker'] as const;
export type PgProviderName = (typeof PG_PROVIDERS)[number];

export interface PgProviderOptions {
  /** The `--pg` seed script, loaded once into the template. Omitted: an empty database. */
  readonly seed?: string;
  readonly provider?: PgProviderName;
  /** The `--pg-url` server (provider `url`). */
  readonly url?: string;
}

export interface PgProvider extends EnvironmentProvider {
  readonly server: PgServer;
  /** The template every run's database is copied from. */
  readonly template: string;
  /** Every `hintproof_*` database created and not dropped yet. */
  readonly databases: ReadonlySet<string>;
  create(runDirectory: string): Promise<PgInstance>;
}

/**
 * Starts (or connects to) a server, loads the seed into a template database with change capture, and hands
 * out one `CREATE DATABASE … TEMPLATE` copy per run. Every database it creates is dropped on dispose, and at
 * process exit on every other path (Ctrl-C, SIGTERM, errors).
 */
export async function createPgProvider(options: PgProviderOptions): Promise<PgProvider> {
  const server = await startServer(options);
  const prefix = `hintproof_${process.pid}_${randomBytes(3).toString('hex')}`;
  const template = `${prefix}_template`;
  const databases = new Set<string>();
  const unregister = onExitCleanup(() => dropDatabasesNow(server.admin, [...databases]));
  const admin = new pg.Client({ ...server.admin, application_name: 'hintproof-admin' });
  admin.on('error', () => {});
  // Drops go through their own connection, so that creating the next run's database never queues behind them.
  const dropper = new pg.Client({ ...server.admin, application_name: 'hintproof-drop' });
  dropper.on('error', () => {});
  let index = 0;
  let disposed = false;
  const drop = async (name: string) => {
    await dropper.query(`drop database if exists ${quote(name)} with (force)`);
    databases.delete(name);
  };
  let origin: (PgOrigin & AsyncDisposable) | undefined;
  const dispose = async () => {
    disposed = true;
    await spare?.catch(() => {});
    await origin?.[Symbol.asyncDispose]();
    for (const name of [...databases]) await drop(name).catch(() => {});
    await admin.end().catch(() => {});
    await dropper.end().catch(() => {});
    if (databases.size > 0) dropDatabasesNow(server.admin, [...databases]);
    unregister();
    await server[Symbol.asyncDispose]();
  };
  let spare: Promise<string> | undefined;
  // Postgres 15+ copies a small template faster file by file than through the WAL; older servers have no choice.
  let strategy = '';
  const copyTemplate = async (name = `${prefix}_run_${index++}`): Promise<string> => {
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [template],
    );
    await admin.query(`create database ${quote(name)} template ${quote(template)}${strategy}`);
    databases.add(name);
    return name;
  };
  let samples: HarvestedValue[];
  try {
    await admin.connect();
    await dropper.connect();
    const version = await admin.query<{ server_version_num: string }>('show server_version_num');
    if (Number(version.rows[0]?.server_version_num) >= 150000) strategy = ' strategy file_copy';
    await admin.query(`create database ${quote(template)} template template0 encoding 'UTF8'`);
    databases.add(template);
    const prepared = await prepareTemplate({ ...server.admin, database: template }, options.seed);
    samples = prepared.samples;
    // The template's rows, for a run whose change capture was defeated, come from a copy made on first use.
    origin = createOrigin(prepared.origin, async () => ({
      ...server.admin,
      database: await copyTemplate(`${prefix}_pristine`),
    }));
  } catch (error) {
    await dispose();
    throw error;
  }
  return {
    name: PG_ENVIRONMENT,
    server,
    template,
    databases,
    async create(): Promise<PgInstance> {
      if (disposed)
        throw new Error(
          'pg: create() called on a disposed provider. Create every sandbox before disposing it.',
        );
      // One copy is always made ahead, so a large template's copy overlaps the server start and the run.
      const name = await (spare ?? copyTemplate());
      spare = copyTemplate();
      spare.catch(() => {});
      try {
        return await createPgInstance({ ...server.admin, database: name }, samples, origin, () => drop(name));
      } catch (error) {
        await drop(name).catch(() => {});
        throw error;
      }
    },
    [Symbol.asyncDispose]: dispose,
  };
}

async function startServer(options: PgProviderOptions): Promise<PgServer> {
  switch (options.provider ?? 'embedded') {
    case 'embedded':
      return startEmbeddedServer();
    case 'url':
      if (options.url === undefined) {
        throw new Error(
          '--pg-provider url needs --pg-url postgres://USER@HOST:PORT/DATABASE (received none).',
        );
      }
      return connectUrlServer(options.url);
    case 'docker':
      return startDockerServer();
  }
}

/**
 * Seeds the template, installs change capture, reads what runs are compared with (capture state, table
 * fingerprints), and samples values for the generator.
 */
async function prepareTemplate(
  target: pg.ClientConfig,
  seed: string | undefined,
): Promise<{ samples: HarvestedValue[]; origin: Awaited<ReturnType<typeof readOrigin>> }> {
  const client = new pg.Client({ ...target, application_name: 'hintproof-seed' });
  client.on('error', () => {});
  await client.connect();
  try {
    if (seed !== undefined) await loadSeed(client, seed);
    await client.query('begin');
    await installCapture(client);
    await client.query('commit');
    const origin = await readOrigin(client);
    return { samples: await sampleValues(client, await readKeys(client)), origin };
  } finally {
    await client.end().catch(() => {});
  }
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
