import { randomBytes } from 'node:crypto';
import { onExitCleanup } from '../../process/exitCleanup.js';
import type { EnvironmentProvider } from '../environment.js';
import { SandboxLost } from '../sandboxLost.js';
import { isConnectionLoss, lossReason } from './connectionLoss.js';
import { connectUrlServer } from './connectUrlServer.js';
import type { CreatedDatabase, DatabaseLedger } from './databaseLedger.js';
import { createdDatabases, openLedger, quoteIdentifier, sweepStrays } from './databaseLedger.js';
import { dropDatabasesNow } from './dropDatabasesAtExit.js';
import { maintenanceClient } from './maintenanceClient.js';
import type { ClusterSandbox } from './clusterSandbox.js';
import type { OwnerRole } from './ownerRole.js';
import { dropOwnerRole, makeOwnerRole, ownerRoleNames } from './ownerRole.js';
import type { PgInstance } from './pgInstance.js';
import { createPgInstance } from './pgInstance.js';
import type { PgServer } from './pgServer.js';
import type { PgTemplate } from './pgTemplate.js';
import { makeTemplate } from './pgTemplate.js';
import { PG_ENVIRONMENT } from './pgTarget.js';
import { startDockerServer } from './startDockerServer.js';
import { startEmbeddedServer } from './startEmbeddedServer.js';

/** The places a Postgres environment's databases can live (`--pg-provider`). */
export const PG_PROVIDERS = ['embedded', 'url', 'docker'] as const;
type PgProviderName = (typeof PG_PROVIDERS)[number];

export interface PgProviderOptions {
  /** The `--pg` seed script, loaded once into the template. Omitted: an empty database. */
  readonly seed?: string;
  readonly provider?: PgProviderName;
  /** The `--pg-url` server (provider `url`). */
  readonly url?: string;
  /** Run the embedded cluster in a sandbox of its own, by this mechanism (the server's). */
  readonly sandbox?: ClusterSandbox;
  /** `--pg-superuser`: the server connects as hintproof's own role (a superuser), not as its database's owner. */
  readonly superuser?: boolean;
}

export interface PgProvider extends EnvironmentProvider {
  readonly server: PgServer;
  /** The template every run's database is copied from (a new one when the server dropped it). */
  readonly template: string;
  /** Every `hintproof_*` database created and not dropped yet. */
  readonly databases: ReadonlySet<string>;
  /** As whom the server connects and where the cluster runs, in words (said in the report's settings). */
  readonly access: string;
  create(runDirectory: string): Promise<PgInstance>;
  /**
   * Finds the databases the server made (none of hintproof's), drops those hintproof may, and lists every
   * one found so far. Call it after the last run's sandbox is disposed.
   */
  sweep(): Promise<readonly CreatedDatabase[]>;
}

/**
 * Starts (or connects to) a server, loads the seed into a template database with change capture, and hands
 * out one `CREATE DATABASE … TEMPLATE` copy per run. Every database it creates is dropped on dispose, and at
 * process exit on every other path (Ctrl-C, SIGTERM, errors). What a server does to hintproof's own share of
 * the cluster never ends the check: its connections reconnect, a dropped template is made again, and the
 * databases the server makes are found after each run, dropped and listed (see databaseLedger).
 */
export async function createPgProvider(options: PgProviderOptions): Promise<PgProvider> {
  const server = await startServer(options);
  const prefix = `hintproof_${process.pid}_${randomBytes(3).toString('hex')}`;
  // Other hintproof processes on the same role recognise this one's databases by this name (databaseLedger).
  const admin = maintenanceClient(server.admin, `hintproof-admin ${prefix}`);
  // Drops go through their own connection, so that creating the next run's database never queues behind them.
  const dropper = maintenanceClient(server.admin, 'hintproof-drop');
  let ledger: DatabaseLedger | undefined;
  /** The roles being made or made: dropped at exit even when interrupted before makeOwnerRole returns. */
  let pending: { readonly name: string; readonly capture: string } | undefined;
  // At exit: hintproof's own databases, and the server's that were found and may be dropped.
  const unregister = onExitCleanup(() => {
    if (ledger === undefined) return;
    const left = createdDatabases(ledger).filter((made) => !made.dropped && ledger?.scope !== 'owner');
    dropDatabasesNow(
      server.admin,
      [...ledger.names, ...left.map((made) => made.name)],
      pending === undefined || server.provider === 'embedded' ? [] : [pending.name, pending.capture],
    );
  });
  let role: OwnerRole | undefined;
  let access = '';
  let index = 0;
  let generation = 0;
  let disposed = false;
  let template: PgTemplate | undefined;
  const templates: PgTemplate[] = [];
  let rebuilding: Promise<void> | undefined;
  let spare: Promise<Made> | undefined;
  let sweeping: Promise<void> = Promise.resolve();
  let strategy = '';
  const sweep = () => {
    const next = sweeping.then(() => (ledger ? sweepStrays(dropper, ledger, server.admin.user) : undefined));
    sweeping = next.catch(() => {});
    return next;
  };
  const drop = async (name: string) => {
    for (const [oid, ownName] of ledger?.own ?? []) if (ownName === name) ledger?.released.add(oid);
    await dropper.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
    ledger?.names.delete(name);
  };
  const copy = async (name: string, from: string, owner?: OwnerRole): Promise<number> => {
    const own = ledger!;
    own.names.add(name);
    try {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [from],
      );
      await admin.query(
        `create database ${quoteIdentifier(name)} template ${quoteIdentifier(from)}${strategy}` +
          (owner === undefined ? '' : ` owner ${quoteIdentifier(owner.name)}`),
      );
    } catch (error) {
      own.names.delete(name);
      throw error;
    }
    const { rows } = await admin.query<{ oid: number }>(
      'select oid::int as oid from pg_database where datname = $1',
      [name],
    );
    if (rows[0] === undefined)
      throw new SandboxLost(`the database ${name} was dropped as soon as it was made`);
    own.own.set(rows[0].oid, name);
    return rows[0].oid;
  };
  /** hintproof's databases the server renamed: dropped by their new names. */
  const renamedOwn = async (): Promise<string[]> => {
    if (ledger === undefined) return [];
    const kept = [...ledger.own].filter(([oid]) => !ledger!.released.has(oid));
    const { rows } = await dropper.query<{ name: string }>(
      'select datname as name from pg_database where oid = any($1::oid[]) and datname <> all($2::text[])',
      [kept.map(([oid]) => oid), kept.map(([, name]) => name)],
    );
    return rows.map((row) => row.name);
  };
  const newTemplate = async (): Promise<PgTemplate> => {
    const name = generation === 0 ? `${prefix}_template` : `${prefix}_template_${generation}`;
    generation++;
    const made = await makeTemplate(admin, ledger!, server.admin, name, options.seed, copy, role);
    templates.push(made);
    return made;
  };
  /** A run's database, copied from the current template; a template the server dropped is made again. */
  const copyRun = async (): Promise<Made> => {
    for (let attempt = 0; ; attempt++) {
      const from = template!;
      const name = `${prefix}_run_${index++}`;
      try {
        await copy(name, from.name, role);
        return { name, template: from };
      } catch (error) {
        if (attempt >= 2 || !isMissingDatabase(error)) throw error;
        if (template === from) rebuilding ??= newTemplate().then((made) => void (template = made));
        await rebuilding?.finally(() => (rebuilding = undefined));
      }
    }
  };
  const dispose = async () => {
    disposed = true;
    await spare?.catch(() => {});
    await rebuilding?.catch(() => {});
    for (const made of templates) await made[Symbol.asyncDispose]();
    await sweep().catch(() => {});
    for (const name of [...(ledger?.names ?? []), ...(await renamedOwn().catch(() => []))]) {
      await drop(name).catch(() => {});
    }
    if (role !== undefined && ledger?.names.size === 0) await dropOwnerRole(admin, role);
    await admin.end();
    await dropper.end();
    if (ledger !== undefined && ledger.names.size > 0)
      dropDatabasesNow(server.admin, [...ledger.names], role === undefined ? [] : [role.name, role.capture]);
    unregister();
    await server[Symbol.asyncDispose]();
  };
  try {
    ledger = await openLedger(admin, prefix, server.owned);
    if (options.superuser !== true) pending = ownerRoleNames(prefix);
    const chosen = options.superuser === true ? undefined : await makeOwnerRole(admin, prefix, server);
    role = chosen?.role;
    if (role === undefined) pending = undefined;
    access = describeAccess(server, role, chosen?.reason);
    // Postgres 15+ copies a small template faster file by file than through the WAL; older servers have no choice.
    const version = await admin.query<{ server_version_num: string }>('show server_version_num');
    if (Number(version.rows[0]?.server_version_num) >= 150000) strategy = ' strategy file_copy';
    template = await newTemplate();
  } catch (error) {
    await dispose();
    throw error;
  }
  const own = ledger;
  const first = template;
  return {
    name: PG_ENVIRONMENT,
    server,
    get template() {
      return template?.name ?? first.name;
    },
    databases: own.names,
    access,
    async create(): Promise<PgInstance> {
      if (disposed)
        throw new Error(
          'pg: create() called on a disposed provider. Create every sandbox before disposing it.',
        );
      // One copy is always made ahead, so a large template's copy overlaps the server start and the run. It is
      // taken before any await: two sandboxes created at once (--jobs) never get the same database.
      const taken = spare ?? copyRun();
      spare = undefined;
      let made: Made;
      try {
        made = await taken.catch(() => copyRun());
      } catch (error) {
        throw new SandboxLost(
          `hintproof could not make this run's database: ${error instanceof Error ? error.message.split('\n', 1)[0] : String(error)}`,
          { cause: error },
        );
      }
      if (spare === undefined && !disposed) {
        spare = copyRun();
        spare.catch(() => {});
      }
      try {
        return await createPgInstance({
          // The server's role: hintproof's snapshots connect as it too, never as a superuser a server's own
          // functions (a cast to json it defines) would run as.
          target: {
            ...server.admin,
            database: made.name,
            ...(role === undefined ? {} : { user: role.name, password: role.password }),
          },
          samples: first.samples,
          origin: made.template.origin,
          ledger: own,
          drop: async () => {
            await drop(made.name);
            await sweep();
          },
        });
      } catch (error) {
        await drop(made.name).catch(() => {});
        if (!isConnectionLoss(error) && !isMissingDatabase(error)) throw error;
        throw new SandboxLost(
          `hintproof could not connect to this run's database ${made.name}: ${lossReason(error)}`,
          { cause: error },
        );
      }
    },
    async sweep() {
      await sweep();
      return createdDatabases(own);
    },
    [Symbol.asyncDispose]: dispose,
  };
}

interface Made {
  readonly name: string;
  readonly template: PgTemplate;
}

/** `template database "…" does not exist` (3D000): the server dropped or renamed it. */
function isMissingDatabase(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === '3D000';
}

/** The report's sentence on the server's role and the cluster's containment. */
function describeAccess(server: PgServer, role: OwnerRole | undefined, reason: string | undefined): string {
  const as =
    role !== undefined
      ? `the server connects as ${role.name}, the owner of its database (no superuser)`
      : reason === undefined
        ? `the server connects as "${server.admin.user}" (--pg-superuser)`
        : `the server connects as "${server.admin.user}", hintproof's own role: ${reason}`;
  if (server.provider !== 'embedded') return as;
  return server.sandboxed === true
    ? `${as}; the embedded cluster runs in a sandbox of its own (no network, read-only host)`
    : `${as}; the embedded cluster runs on the host, not sandboxed (no isolation mechanism)`;
}

async function startServer(options: PgProviderOptions): Promise<PgServer> {
  switch (options.provider ?? 'embedded') {
    case 'embedded':
      return startEmbeddedServer(options.sandbox);
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
