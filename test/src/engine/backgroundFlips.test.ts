import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { watchedPause } from '../../../src/engine/quietWindow.js';
import { inProcessPool, touched } from './inProcessServers.js';

/** When, after `arm` answers, `flicker` makes `lock` and removes it again. */
const LOCK_FROM_MS = 60;
const LOCK_UNTIL_MS = 200;

/**
 * A server whose `arm` answers at once, then holds a `lock` file from LOCK_FROM_MS to LOCK_UNTIL_MS (as a
 * background job holding a lock file for a while does): the sandbox is the same before and after.
 */
function flickerServer(fs: string): McpServer {
  const server = new McpServer({ name: 'flicker', version: '1.0.0' });
  server.registerTool('arm', { inputSchema: {} }, () => {
    setTimeout(() => writeFileSync(join(fs, 'lock'), 'held\n'), LOCK_FROM_MS);
    setTimeout(() => rmSync(join(fs, 'lock'), { force: true }), LOCK_UNTIL_MS);
    return { content: [{ type: 'text', text: 'armed' }] };
  });
  return server;
}

describe('what changes and changes back with no call made (in-process servers)', () => {
  it('a watched pause sees a lock file made and removed within it, which its two ends do not show', async () => {
    await using pool = await inProcessPool(flickerServer);
    const session = await pool.take();
    try {
      await session.connection.callTool('arm', {}, 10);
      const from = await session.sandbox.snapshot();
      const { after, changes } = await watchedPause(session, from, LOCK_UNTIL_MS + 100);
      expect(session.sandbox.diff(from, after)).toEqual([]);
      expect(touched(changes)).toEqual(['add fs:lock']);
    } finally {
      pool.release(session);
    }
  });
});
