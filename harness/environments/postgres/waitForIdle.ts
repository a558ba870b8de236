import type pg from 'pg';
import type { PgOpenTransaction } from './pgSnapshot.js';

/** How long a snapshot waits for the server's backends to finish their statements and transactions. */
const IDLE_WAIT_MS = 500;

/**
 * Waits (at most `timeoutMs`) until no other backend of the connected database is running a statement or
 * holding a transaction open; returns those still busy when the time is up (empty when all went idle).
 */
export async function waitForIdle(
  client: pg.ClientBase,
  timeoutMs = IDLE_WAIT_MS,
): Promise<PgOpenTransaction[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await client.query<{ pid: number; state: string; wrote: boolean }>(
      `select pid, state, backend_xid is not null as wrote from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
          and state is not null and state <> 'idle' order by pid`,
    );
    if (rows.length === 0 || Date.now() >= deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
