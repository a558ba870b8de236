import type pg from 'pg';
import { newPgClient } from './pgClient.js';
import { isConnectionLoss } from './connectionLoss.js';
import type { PgTarget } from './pgTarget.js';

/** hintproof's own long-lived connection for creating and dropping databases. */
export interface MaintenanceClient {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<pg.QueryResult<R>>;
  end(): Promise<void>;
}

/** Attempts per statement when the connection keeps being lost under it. */
const ATTEMPTS = 4;

/**
 * A connection that replaces itself when it is lost: a server that may create databases can also end
 * hintproof's backends (`pg_terminate_backend` needs only the same role). A statement whose connection was
 * lost is sent again on a new one, up to 4 times; other errors are the caller's.
 */
export function maintenanceClient(target: PgTarget, applicationName: string): MaintenanceClient {
  let current: Promise<pg.Client> | undefined;
  let ended = false;
  // One statement at a time: node-postgres would queue them itself, with a deprecation warning.
  let queue: Promise<unknown> = Promise.resolve();
  const open = (): Promise<pg.Client> => {
    if (current !== undefined) return current;
    const client = newPgClient({ ...target, application_name: applicationName });
    const connecting = client.connect().then(() => client);
    const forget = () => {
      if (current === connecting) current = undefined;
    };
    client.on('error', forget);
    client.on('end', forget);
    connecting.catch(forget);
    current = connecting;
    return connecting;
  };
  const run = async <R extends pg.QueryResultRow>(sql: string, params: readonly unknown[]) => {
    for (let attempt = 1; ; attempt++) {
      if (ended) throw new Error(`pg: the ${applicationName} connection was closed (internal).`);
      const client = await open().catch((error: unknown) => {
        if (attempt >= ATTEMPTS || !isConnectionLoss(error)) throw error;
        return undefined;
      });
      if (client !== undefined) {
        try {
          return await client.query<R>(sql, [...params]);
        } catch (error) {
          if (attempt >= ATTEMPTS || !isConnectionLoss(error)) throw error;
          if (current !== undefined && (await current.catch(() => undefined)) === client) current = undefined;
          client.end().catch(() => {});
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
    }
  };
  return {
    query<R extends pg.QueryResultRow>(sql: string, params: readonly unknown[] = []) {
      const next = queue.then(() => run<R>(sql, params));
      queue = next.catch(() => undefined);
      return next;
    },
    async end() {
      await queue;
      ended = true;
      const client = await current?.catch(() => undefined);
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
