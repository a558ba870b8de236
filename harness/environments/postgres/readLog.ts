import type pg from 'pg';
import { CAPTURE_SCHEMA } from './installCapture.js';
import type { LogPosition } from './logPosition.js';
import type { PgLogEntry } from './pgSnapshot.js';

/**
 * Reads the log entries not read before. Ids are handed out when a row is written, not when its transaction
 * commits, so a transaction still open at one snapshot may commit later with ids below ones already read:
 * instead of "after the last id", this reads every id above the highest id below which none is missing,
 * minus those already read. A gap left by a rolled-back transaction keeps the floor down, which costs a
 * slightly longer id list, never an entry.
 */
export async function readLog(
  client: pg.ClientBase,
  from: LogPosition,
): Promise<{ entries: PgLogEntry[]; position: LogPosition }> {
  const { rows } = await client.query<{
    id: string;
    rel: string;
    tbl: string;
    op: PgLogEntry['op'];
    old: never;
    new: never;
  }>(
    `select id::pg_catalog.text, rel::pg_catalog.int8::pg_catalog.text as rel, tbl, op, old, new from ${CAPTURE_SCHEMA}.log
      where id operator(pg_catalog.>) $1
        and not (id operator(pg_catalog.=) any ($2::pg_catalog.int8[])) order by id`,
    [from.floor, from.seen],
  );
  const entries = rows.map((row) => ({
    id: Number(row.id),
    rel: Number(row.rel),
    table: row.tbl,
    op: row.op,
    old: row.old,
    new: row.new,
  }));
  const present = new Set([...from.seen, ...entries.map((entry) => entry.id)]);
  let floor = from.floor;
  while (present.has(floor + 1)) floor++;
  return {
    entries,
    position: { floor, seen: [...present].filter((id) => id > floor).sort((a, b) => a - b) },
  };
}
