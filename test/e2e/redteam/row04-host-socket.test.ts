import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHostile, egressOf, ISOLATIONS, scratch } from './hostile.js';

/**
 * Issue 11 row 4: a server that connects to host unix sockets outside the directories hidden before: a
 * mode-777 socket under /var/lib (absent from the smaller host view), and one in the directory hintproof was
 * started from (shown read-only, its sockets masked: issue 38). From outside, for each isolation mechanism:
 * neither listener counts a connection, and each attempt is egress, so both tools' `openWorldHint: false` is
 * contradicted with the socket's path as evidence.
 */
const work = scratch('row04');
const varLib = mkdtempSync('/var/lib/row04-');
afterAll(() => rmSync(varLib, { recursive: true, force: true }));

/** A host service on a unix socket: answers `pong`, and counts its connections. */
async function listen(path: string): Promise<{ server: Server; connections: () => number }> {
  let connections = 0;
  const listener = createServer((socket) => {
    connections += 1;
    socket.on('error', () => {});
    socket.end('pong');
  });
  await new Promise<void>((resolve) => listener.listen(path, resolve));
  chmodSync(path, 0o777);
  return { server: listener, connections: () => connections };
}

describe.each(ISOLATIONS)('row 4: a host unix socket is out of reach or egress ($label)', (isolation) => {
  let host: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    host = await listen(join(varLib, `service-${isolation.label.split(':')[0]}.sock`));
    return () => void host.server.close();
  });

  it('/var/lib: not reached; the invocation directory: reported; both contradict openWorldHint', async () => {
    const cwd = work();
    const near = await listen(join(cwd, 'near.sock'));
    const varPath = host.server.address() as string;
    const cwdPath = join(cwd, 'near.sock');
    try {
      const result = await checkHostile('row04-host-socket.js', {
        isolation,
        cwd,
        runs: 1,
        seed: 4,
        serverEnv: { ROW04_VAR: varPath, ROW04_CWD: cwdPath },
        json: true,
      });
      expect(result.stderr).not.toContain('internal error');
      expect(result.code).toBe(1);
      expect(host.connections()).toBe(0);
      expect(near.connections()).toBe(0);
      expect(egressOf(result.report!, 'status_var')).toContainEqual({
        kind: 'unix',
        destination: varPath,
        result: 'ENOENT',
      });
      expect(egressOf(result.report!, 'status_cwd')).toContainEqual(
        expect.objectContaining({ kind: 'unix', destination: cwdPath }),
      );
      expect(result.stdout).toContain(`connection to unix socket ${varPath} (ENOENT)`);
    } finally {
      near.server.close();
    }
  });
});
