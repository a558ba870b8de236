import { chmod, mkdir, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { errorResponse, readStartup, refusal } from './pgStartup.js';
import type { PgTarget } from './pgTarget.js';
import { isSocketDirectory } from './pgTarget.js';

/** A unix socket path may hold 107 bytes (108 with its terminating zero). */
const MAX_SOCKET_PATH = 107;

/**
 * The sandbox's way to its database: a unix socket that hintproof listens on, outside the sandbox, in a
 * directory bound read-only into it (unix sockets cross network namespaces). Each connection is relayed to
 * the real server only if it asks for the run's own database as the run's user; anything else gets a FATAL
 * error naming what is allowed. Encryption requests are declined (the path never leaves the machine). The
 * real server may listen on TCP or on a unix socket of its own (a `--pg-url` with `?host=/dir`).
 */
export interface PgGate extends AsyncDisposable {
  /** The socket's host path, `<directory>/.s.PGSQL.<port>` (the name libpq looks for in a socket directory). */
  readonly socket: string;
}

export async function openPgGate(directory: string, target: PgTarget, port: number): Promise<PgGate> {
  const socket = join(directory, `.s.PGSQL.${port}`);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    throw new Error(
      `pg: the sandbox's database socket ${socket} is ${Buffer.byteLength(socket)} bytes long, over the ` +
        `${MAX_SOCKET_PATH} a unix socket path may have. Point TMPDIR at a shorter directory (e.g. /tmp).`,
    );
  }
  await mkdir(directory, { recursive: true, mode: 0o755 });
  await chmod(directory, 0o755);
  const open = new Set<Socket>();
  const track = (connection: Socket) => {
    open.add(connection);
    connection.once('close', () => open.delete(connection));
  };
  const server = createServer({ allowHalfOpen: true }, (client) => {
    track(client);
    admit(client, target, (upstream) => track(upstream));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // The sandbox user (another uid when hintproof is root) must be allowed to connect.
  await chmod(socket, 0o777);
  return {
    socket,
    async [Symbol.asyncDispose]() {
      for (const connection of open) connection.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Reads the client's startup, then either refuses it or splices the client to the real server. */
function admit(client: Socket, target: PgTarget, opened: (upstream: Socket) => void): void {
  let buffered = Buffer.alloc(0);
  client.on('error', () => client.destroy());
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      const packet = readStartup(buffered);
      if (packet.kind === 'incomplete') return;
      if (packet.kind === 'encryption') {
        client.write('N');
        buffered = buffered.subarray(packet.length);
        continue;
      }
      client.off('data', onData);
      if (packet.kind === 'invalid') {
        client.end(errorResponse(`hintproof: not a Postgres startup message (${packet.reason})`, '08P01'));
        return;
      }
      const refused = packet.kind === 'startup' ? refusal(packet.parameters, target) : undefined;
      if (refused !== undefined) {
        client.end(errorResponse(refused));
        return;
      }
      client.pause();
      const upstream = isSocketDirectory(target.host)
        ? connect({ path: join(target.host, `.s.PGSQL.${target.port}`), allowHalfOpen: true })
        : connect({ port: target.port, host: target.host, allowHalfOpen: true });
      opened(upstream);
      const cut = () => {
        client.destroy();
        upstream.destroy();
      };
      upstream.on('error', cut);
      client.on('error', cut);
      client.once('close', () => upstream.end());
      upstream.write(buffered);
      client.pipe(upstream);
      upstream.pipe(client);
      return;
    }
  };
  client.on('data', onData);
}
