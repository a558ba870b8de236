import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkTool } from '../../../src/engine/checkTool.js';
import { probe } from '../../../src/engine/probe/probe.js';
import { checkOptions, inProcessPool, touched } from './inProcessServers.js';

/**
 * Lists of items in `{fs}/<listId>/<itemId>`, every id made by the server (`l1`, `i1`) and answered as JSON:
 * `create_list` makes a list, `add_item` puts an item in a list that exists, `delete_item` (LIE: claims
 * destructiveHint: false) removes an item of a list. The lie shows only after create → add → delete, each id
 * taken from an earlier answer under its own key.
 */
function listServer(fs: string): McpServer {
  const server = new McpServer({ name: 'lists', version: '1.0.0' });
  const json = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] });
  const failed = (message: string) => ({ ...json({ status: 'error', message }), isError: true });
  const count = () => readdirSync(fs, { recursive: true }).length;
  const additive = { readOnlyHint: false, destructiveHint: false, idempotentHint: false };
  server.registerTool('create_list', { inputSchema: { title: z.string() }, annotations: additive }, () => {
    const listId = `l${count() + 1}`;
    mkdirSync(join(fs, listId));
    return json({ listId });
  });
  server.registerTool(
    'add_item',
    { inputSchema: { listId: z.string(), text: z.string() }, annotations: additive },
    ({ listId, text }) => {
      if (!/^l\d+$/.test(listId) || !existsSync(join(fs, listId))) return failed('List not found');
      const itemId = `i${count() + 1}`;
      writeFileSync(join(fs, listId, itemId), text);
      return json({ listId, itemId });
    },
  );
  server.registerTool(
    'delete_item',
    {
      inputSchema: { listId: z.string(), itemId: z.string() },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    },
    ({ listId, itemId }) => {
      if (!/^l\d+$/.test(listId) || !existsSync(join(fs, listId))) return failed('List not found');
      if (!/^i\d+$/.test(itemId) || !existsSync(join(fs, listId, itemId))) return failed('Item not found');
      rmSync(join(fs, listId, itemId));
      return json({ deleted: itemId });
    },
  );
  return server;
}

describe('create → relate → delete: a chain of three tools, ids taken from earlier answers', () => {
  it('contradicts delete_item.destructiveHint after create_list and add_item made what it deletes', async () => {
    await using pool = await inProcessPool(listServer);
    const found = await probe(pool, 20, 10);
    const tool = found.tools.find((candidate) => candidate.name === 'delete_item')!;
    // Every run on a fresh sandbox (sessionCalls 0): only a run's own preamble can build what it deletes.
    const report = await checkTool(
      tool,
      checkOptions(pool, found, () => {}, { sessionCalls: 0 }),
    );
    const verdict = report.verdicts.destructiveHint;
    expect(verdict.status).toBe('contradicted');
    if (verdict.status !== 'contradicted') return;
    expect(verdict.evidence.preamble?.map((step) => step.tool)).toEqual(['create_list', 'add_item']);
    const { listId, itemId } = verdict.evidence.args as { listId: string; itemId: string };
    expect(touched(verdict.evidence.changes)).toEqual([`delete fs:${listId}/${itemId}`]);
  });
});
