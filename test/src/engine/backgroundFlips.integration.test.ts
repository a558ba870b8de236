import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredHints, effectiveHints } from '../../../src/hints/effectiveHints.js';
import { watchedPause } from '../../../src/engine/run/quietWindow.js';
import { searchRound } from '../../../src/engine/search/searchRound.js';
import type { HintName } from '../../../src/model/hints.js';
import { ANY, inProcessPool, roundOptions, touched } from './inProcessServers.js';

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

/** How often `ticking-jot`'s clock file is rewritten, whatever any call does. */
const TICK_MS = 40;

/**
 * A server that rewrites `clock.txt` every TICK_MS from start-up, and whose `jot` claims read-only, writes its
 * note to `jot.txt`, and takes 3 ticks: every call of it also sees the clock tick.
 */
function tickingJotServer(fs: string): McpServer {
  const server = new McpServer({ name: 'ticking-jot', version: '1.0.0' });
  let ticks = 0;
  const timer = setInterval(() => writeFileSync(join(fs, 'clock.txt'), `${++ticks}\n`), TICK_MS);
  server.server.onclose = () => clearInterval(timer);
  server.registerTool(
    'jot',
    { inputSchema: { note: z.string() }, annotations: { readOnlyHint: true } },
    async ({ note }) => {
      writeFileSync(join(fs, 'jot.txt'), note);
      await sleep(3 * TICK_MS);
      return { content: [{ type: 'text', text: 'jotted' }] };
    },
  );
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

  it("a shrunk counterexample's evidence holds no change its own control window showed", async () => {
    await using pool = await inProcessPool(tickingJotServer);
    const found = await searchRound(
      roundOptions(pool, {
        target: {
          tool: 'jot',
          arbitrary: fc.record({ note: fc.string({ minLength: 4, maxLength: 12 }) }),
          guard: ANY,
          fixedArgs: {},
        },
        effective: effectiveHints(declaredHints({ readOnlyHint: true })),
        open: new Set<HintName>(['readOnlyHint']),
        numRuns: 3,
        sessionCalls: 0,
      }),
      (path) => path,
    );
    const evidence = found.contradictions.readOnlyHint;
    expect(evidence).toBeDefined();
    if (evidence === undefined) return;
    // Shrunk to a shorter note on fresh sandboxes, each candidate's clock ticking during its calls as it did
    // in the window before them: only the note is jot's doing.
    expect(evidence.shrinks).toBeGreaterThan(0);
    expect(touched(evidence.changes)).toEqual(['add fs:jot.txt']);
  });
});
