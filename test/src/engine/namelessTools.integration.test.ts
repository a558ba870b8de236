import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkTool } from '../../../src/engine/checkTool.js';
import { probe } from '../../../src/engine/probe/probe.js';
import { checkOptions, inProcessPool } from './inProcessServers.js';

/**
 * A server whose sandbox is never empty (it writes README at start-up). `pick` marks a file as the current one
 * (`.current`); `unpick` names nothing (its one argument is a confirmation) and claims to only read, but
 * removes the mark when there is one: like git_clear_working_dir of @cyanheads/git-mcp-server, a tool that
 * acts on state the server holds only after another tool made it.
 */
function pointerServer(fs: string): McpServer {
  writeFileSync(join(fs, 'README'), 'notes');
  const server = new McpServer({ name: 'pointer', version: '1.0.0' });
  const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
  server.registerTool(
    'pick',
    { inputSchema: { name: z.string() }, annotations: { readOnlyHint: false, destructiveHint: false } },
    ({ name }) => {
      writeFileSync(join(fs, '.current'), name);
      return text(`picked ${name}`);
    },
  );
  server.registerTool(
    'unpick',
    { inputSchema: { confirm: z.enum(['yes']) }, annotations: { readOnlyHint: true } },
    () => {
      if (!existsSync(join(fs, '.current'))) return text('nothing picked');
      rmSync(join(fs, '.current'));
      return text('unpicked');
    },
  );
  return server;
}

describe('a tool whose arguments name nothing (in-process pointer server)', () => {
  it('also runs after preambles, though the sandbox it meets is never empty, and its lie is seen', async () => {
    await using pool = await inProcessPool(pointerServer);
    const found = await probe(pool, 20, 10);
    const unpick = found.tools.find((tool) => tool.name === 'unpick');
    if (unpick === undefined) throw new Error('no tool unpick');
    const report = await checkTool(
      unpick,
      checkOptions(pool, found, () => {}),
    );
    // Alone, every unpick met the README and nothing to remove: "consistent" on no evidence.
    expect(report.calls.afterPreamble).toBeGreaterThan(0);
    expect(report.verdicts.readOnlyHint.status).toBe('contradicted');
  });
});
