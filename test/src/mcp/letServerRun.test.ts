import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { connect, letServerRun } from '../../../src/mcp/index.js';

const ambient = fileURLToPath(new URL('../../fixtures/servers/ambient.js', import.meta.url));

async function clockOf(dir: string): Promise<string | undefined> {
  return readFile(join(dir, 'clock.txt'), 'utf8').catch(() => undefined);
}

describe('letServerRun', () => {
  it("waits for the server's own time: a timer due while the server was starved has run", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hintproof-letrun-'));
    // The ambient fixture rewrites clock.txt every 20 ms; a real process over stdio.
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [ambient, dir],
      stderr: 'pipe',
    });
    const connection = await connect(transport, { startupTimeoutSeconds: 20 });
    try {
      while ((await clockOf(dir)) === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
      const pid = transport.pid!;
      // Stopped, the server stands for one a loaded machine does not schedule: hintproof's sleep ends first.
      process.kill(pid, 'SIGSTOP');
      const before = await clockOf(dir);
      const resume = setTimeout(() => process.kill(pid, 'SIGCONT'), 400);
      let after: string | undefined;
      try {
        await letServerRun(connection, 100);
        after = await clockOf(dir);
      } finally {
        clearTimeout(resume);
        process.kill(pid, 'SIGCONT');
      }
      expect(after).not.toBe(before);
    } finally {
      await connection.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a server that never answers a ping costs one time-out, not one per wait', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    // A hand-rolled server: answers initialize, ignores everything else (ping included).
    serverSide.onmessage = (message) => {
      if ('method' in message && message.method === 'initialize' && 'id' in message) {
        void serverSide.send({
          jsonrpc: '2.0',
          id: message.id,
          result: {
            protocolVersion: (message.params as { protocolVersion: string }).protocolVersion,
            capabilities: { tools: {} },
            serverInfo: { name: 'deaf', version: '1.0.0' },
          },
        });
      }
    };
    await serverSide.start();
    const connection = await connect(clientSide, { startupTimeoutSeconds: 5 });
    try {
      const first = performance.now();
      await connection.ping(0.2);
      expect(performance.now() - first).toBeGreaterThanOrEqual(190);
      const second = performance.now();
      await letServerRun(connection, 10);
      // Pinged again, it would wait 2 s per ping.
      expect(performance.now() - second).toBeLessThan(1500);
    } finally {
      await connection.close();
    }
  });
});
