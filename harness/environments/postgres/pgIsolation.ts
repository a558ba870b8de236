import type { IsolatedAccess } from '../environment.js';
import { openPgGate } from './pgGate.js';
import type { PgTarget } from './pgTarget.js';
import { pgPlaceholders } from './pgTarget.js';

/** Where the gate's socket directory appears inside the sandbox (its /run is the sandbox's own). */
const PG_SOCKET_INSIDE = '/run/postgresql';

/**
 * The way in for an isolated server: the gate's socket, bound at /run/postgresql (where a Postgres socket usually is: nothing there says hintproof), and a relay from the
 * sandbox's own 127.0.0.1 (at the server's port, or 5432 when that is privileged) to it, so that `{pg}`,
 * `{pg.host}` and `{pg.port}` work unchanged for any client; the host's own loopback stays out of reach.
 */
export async function isolatePg(target: PgTarget, gate: string): Promise<IsolatedAccess> {
  const port = target.port >= 1024 ? target.port : 5432;
  const opened = await openPgGate(gate, target, port);
  return {
    mounts: [{ host: gate, inside: PG_SOCKET_INSIDE }],
    relays: [{ port, socket: `${PG_SOCKET_INSIDE}/.s.PGSQL.${port}` }],
    placeholders: pgPlaceholders({ ...target, host: '127.0.0.1', port }),
    [Symbol.asyncDispose]: () => opened[Symbol.asyncDispose](),
  };
}
