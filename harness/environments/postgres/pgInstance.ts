import pg from 'pg';
import type { Change } from '../change.js';
import type { EnvironmentInstance, HarvestedValue, Snapshot } from '../environment.js';
import { useCanonicalOutput } from './canonicalOutput.js';
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

/**
 * The instance over one run's database (already created from the template). Snapshots are taken one at a
 * time over one connection, each extending the change log of the one before; `origin` is what the
 * database was copied from (the reference for change capture). Disposing closes the connection and calls
 * `drop` (the provider drops the database).
 */
export async function createPgInstance(
  target: PgTarget,
  samples: readonly HarvestedValue[],
  origin: PgOrigin,
  drop: () => Promise<void>,
): Promise<PgInstance> {
  const client = new pg.Client({ ...target, application_name: 'hintproof-snapshot' });
  client.on('error', () => {});
  await client.connect();
  try {
    await useCanonicalOutput(client);
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  let latest: PgSnapshot | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let disposed = false;
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
      const next = queue.then(async () => (latest = await takePgSnapshot(client, latest, samples, origin)));
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
      await drop();
    },
  };
}
