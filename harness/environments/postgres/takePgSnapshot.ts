import type pg from 'pg';
import type { HarvestedValue } from '../environment.js';
import { CAPTURE_SCHEMA } from './installCapture.js';
import type { PgLogEntry, PgSnapshot } from './pgSnapshot.js';
import { PG_ENVIRONMENT } from './pgTarget.js';
import { readCatalog, readKeys, readSequences } from './readCatalog.js';
import { waitForIdle } from './waitForIdle.js';

/**
 * Snapshots the run's database: waits for the server's backends to go idle, then in one read-only
 * repeatable-read transaction reads the catalogs, the sequences and the change-log entries after
 * `previous` (whose log it extends). The cost follows the number of changed rows, not the size of tables.
 */
export async function takePgSnapshot(
  client: pg.ClientBase,
  previous: PgSnapshot | undefined,
  samples: readonly HarvestedValue[],
): Promise<PgSnapshot> {
  const open = await waitForIdle(client);
  await client.query('begin isolation level repeatable read read only');
  try {
    const objects = await readCatalog(client);
    const keys = await readKeys(client);
    const sequences = await readSequences(client);
    const after = previous?.log.at(-1)?.id ?? 0;
    const { rows } = await client.query<{
      id: string;
      tbl: string;
      op: PgLogEntry['op'];
      old: never;
      new: never;
    }>(`select id::text, tbl, op, old, new from ${CAPTURE_SCHEMA}.log where id > $1 order by id`, [after]);
    const log = rows.map((row) => ({
      id: Number(row.id),
      table: row.tbl,
      op: row.op,
      old: row.old,
      new: row.new,
    }));
    return {
      environment: PG_ENVIRONMENT,
      objects,
      keys,
      sequences,
      log: log.length === 0 ? (previous?.log ?? []) : [...(previous?.log ?? []), ...log],
      open,
      samples,
    };
  } finally {
    await client.query('commit');
  }
}
