import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredHints, effectiveHints } from '../../../src/hints/effectiveHints.js';
import { confirmContradiction } from '../../../src/engine/confirmContradiction.js';
import { inProcessPool, OPTIONS, touched } from './inProcessServers.js';

/** How long after `record` answers its log line lands, and how long `lookup` takes: the line lands mid-lookup. */
const LINGER_MS = 150;
const LOOKUP_MS = 400;

/**
 * A server whose `record` answers at once and appends to `audit.log` LINGER_MS later (fire and forget, as
 * servers that log or count usage do), and whose honest read-only `lookup` takes LOOKUP_MS. A session that
 * calls `lookup` right after `record` sees the log line land during it, and so would a replay after `record`.
 * `scribble` claims read-only and really appends while it runs.
 */
function lingeringServer(fs: string): McpServer {
  const server = new McpServer({ name: 'lingering', version: '1.0.0' });
  const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
  const log = (line: string) => appendFileSync(join(fs, 'audit.log'), `${line}\n`);
  server.registerTool('record', { inputSchema: { what: z.string() } }, ({ what }) => {
    setTimeout(() => log(`recorded ${what}`), LINGER_MS);
    return text('recorded');
  });
  server.registerTool('lookup', { inputSchema: {}, annotations: { readOnlyHint: true } }, async () => {
    await sleep(LOOKUP_MS);
    return text('nothing');
  });
  server.registerTool('scribble', { inputSchema: {}, annotations: { readOnlyHint: true } }, () => {
    log('scribbled');
    return text('done');
  });
  return server;
}

const readOnly = effectiveHints(declaredHints({ readOnlyHint: true }));

describe('state control runs (in-process server, fresh sandboxes)', () => {
  it('do not blame a read for the write an earlier call left running', async () => {
    await using pool = await inProcessPool(lingeringServer);
    const confirmation = await confirmContradiction({
      pool,
      history: [{ tool: 'record', args: { what: 'x' }, changed: false }],
      run: [],
      target: { tool: 'lookup', args: {} },
      effective: readOnly,
      hints: new Set(['readOnlyHint']),
      options: OPTIONS,
    });
    expect(confirmation.confirmed).toBe(false);
    if (confirmation.confirmed) return;
    // The replay after `record` did show the line landing during `lookup`; the control run showed it too.
    expect(confirmation.replays.join('\n')).toMatch(
      /a control run without the command showed 1 of the 1 change\(s\) behind readOnlyHint/,
    );
  });

  it('still confirm a read that writes while it runs', async () => {
    await using pool = await inProcessPool(lingeringServer);
    const confirmation = await confirmContradiction({
      pool,
      history: [{ tool: 'record', args: { what: 'x' }, changed: false }],
      run: [],
      target: { tool: 'scribble', args: {} },
      effective: readOnly,
      hints: new Set(['readOnlyHint']),
      options: OPTIONS,
    });
    expect(confirmation.confirmed).toBe(true);
    if (!confirmation.confirmed) return;
    expect(confirmation.violations.flatMap((violation) => touched(violation.changes))).toEqual([
      'add fs:audit.log',
    ]);
  });
});
