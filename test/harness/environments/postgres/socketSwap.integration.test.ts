import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedServer } from '../../../../harness/environments/postgres/startEmbeddedServer.js';

// A superuser of a sandboxed cluster (--pg-superuser) may replace the socket in the directory it must
// write to by a symlink to a host socket: hintproof's clients must still reach the cluster itself.
describe('a sandboxed embedded cluster whose socket was swapped', () => {
  it('is still what hintproof connects to, never the host socket the symlink names', async () => {
    const decoy = await mkdtemp(join(tmpdir(), 'hintproof-decoy-'));
    let reached = 0;
    const host = createServer((socket) => {
      reached++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => host.listen(join(decoy, 'host.sock'), resolve));
    await using server = await startEmbeddedServer('bubblewrap');
    try {
      const admin = new pg.Client(server.admin);
      await admin.connect();
      const { rows } = await admin.query<{ port: string }>('show port');
      const name = join(server.socketDirectory!, `.s.PGSQL.${rows[0]!.port}`);
      await admin.query(
        `copy (select 1) to program 'rm -f ${name} && ln -s ${join(decoy, 'host.sock')} ${name}'`,
      );
      await admin.end();
      const again = new pg.Client(server.admin);
      await again.connect();
      expect((await again.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
      await again.end();
      expect(reached).toBe(0);
    } finally {
      host.close();
      await rm(decoy, { recursive: true, force: true });
    }
  });
});
