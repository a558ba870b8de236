import { newPgClient } from './pgClient.js';
import type { Change } from '../change.js';
import type { EnvironmentInstance, HarvestedValue, Snapshot } from '../environment.js';
import { SandboxLost } from '../sandboxLost.js';
import { useCanonicalOutput } from './canonicalOutput.js';
import { isConnectionLoss, lossReason } from './connectionLoss.js';
import type { DatabaseLedger } from './databaseLedger.js';
import { readOwnLosses, readStrays } from './databaseLedger.js';
import { diffPgSnapshots } from './diffPgSnapshots.js';
import type { PgOrigin } from './pgOrigin.js';
import { isolatePg } from './pgIsolation.js';
import type { PgSnapshot } from './pgSnapshot.js';
import { asPgSnapshot } from './pgSnapshot.js';
import type { PgTarget } from './pgTarget.js';
import { PG_ENVIRONMENT, pgPlaceholders } from './pgTarget.js';
import { takePgSnapshot } from './takePgSnapshot.js';

export interface PgInstance extends EnvironmentInstance {
  /** The run's own database. */
  readonly target: PgTarget;
  snapshot(): Promise<PgSnapshot>;
}

export interface PgInstanceOptions {
  /** The run's database, already created from the template. */
  readonly target: PgTarget;
  readonly samples: readonly HarvestedValue[];
  /** What the database was copied from: the reference for change capture. */
  readonly origin: PgOrigin;
  /**
   * hintproof's databases and the cluster's at the start: every other new one is the server's, and one of
   * hintproof's gone during the run (its template…) makes the run inconclusive.
   */
  readonly ledger: DatabaseLedger;
  /** Drops the database (and sweeps up the server's). */
  readonly drop: () => Promise<void>;
}

/**
 * The instance over one run's database. Snapshots are taken one at a time over one connection, each
 * extending the change log of the one before, and list the databases the server made (`add` changes).
 * When that connection is ended by another session (a server of the same role may `pg_terminate_backend`
 * it), the first snapshot reconnects (what a server does while starting is not its tools'); a later one
 * rejects with SandboxLost, as does one that finds another of hintproof's databases (the template…) gone
 * since the previous one: the run cannot be judged. Disposing closes the connection and calls `drop`.
 */
export async function createPgInstance(options: PgInstanceOptions): Promise<PgInstance> {
  const { target, samples, origin, ledger } = options;
  const open = async () => {
    const client = newPgClient({ ...target, application_name: 'hintproof-snapshot' });
    client.on('error', () => {});
    await client.connect();
    try {
      await useCanonicalOutput(client);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    return client;
  };
  let client = await open();
  let latest: PgSnapshot | undefined;
  /** hintproof's databases already gone at the previous snapshot (not this run's doing, or already told). */
  let gone: ReadonlySet<string> | undefined;
  let lost: SandboxLost | undefined;
  let reconnected = false;
  let queue: Promise<unknown> = Promise.resolve();
  let disposed = false;
  const take = async (): Promise<PgSnapshot> => {
    const snapshot = await takePgSnapshot(client, latest, samples, origin);
    const losses = await readOwnLosses(client, ledger);
    const fresh = losses.filter((name) => !gone?.has(name));
    gone = new Set(losses);
    // The first snapshot blames nothing: a server's start-up, or another run, may have done it.
    if (latest !== undefined && fresh.length > 0) {
      throw new SandboxLost(
        `hintproof's own database ${fresh.join(', ')} was dropped or renamed during the run (its role may ` +
          'do that to any database it owns); hintproof makes a new template for the next runs if it was one',
      );
    }
    const strays = await readStrays(client, ledger);
    return { ...snapshot, databases: new Map(strays.map((stray) => [stray.oid, stray.name])) };
  };
  const snapshotOnce = async (): Promise<PgSnapshot> => {
    if (lost !== undefined) throw lost;
    try {
      return (latest = await take());
    } catch (error) {
      if (error instanceof SandboxLost) throw (lost = error);
      if (!isConnectionLoss(error)) throw error;
      if (latest === undefined && !reconnected) {
        reconnected = true;
        await client.end().catch(() => {});
        client = await open().catch((reopen: unknown) => {
          throw (lost = lostConnection(target, reopen));
        });
        return snapshotOnce();
      }
      throw (lost = lostConnection(target, error));
    }
  };
  return {
    name: PG_ENVIRONMENT,
    target,
    placeholders: pgPlaceholders(target),
    snapshot(): Promise<PgSnapshot> {
      if (disposed) {
        return Promise.reject(
          new Error(
            `pg: snapshot() called after the database ${target.database} was dropped. Take snapshots before disposing.`,
          ),
        );
      }
      const next = queue.then(snapshotOnce);
      queue = next.catch(() => undefined);
      return next;
    },
    diff(before: Snapshot, after: Snapshot): Change[] {
      return diffPgSnapshots(before, after);
    },
    harvest(snapshot: Snapshot): HarvestedValue[] {
      return [...asPgSnapshot(snapshot, 'harvested').samples];
    },
    isolate: (gate: string) => isolatePg(target, gate),
    async [Symbol.asyncDispose](): Promise<void> {
      disposed = true;
      await queue;
      await client.end().catch(() => {});
      await options.drop();
    },
  };
}

function lostConnection(target: PgTarget, error: unknown): SandboxLost {
  return new SandboxLost(
    `hintproof's own connection to the run's database ${target.database} was ended during the run ` +
      `(${lossReason(error)}; any session of the server's role may end it with pg_terminate_backend), so ` +
      'what the run changed could not be read',
    { cause: error },
  );
}
