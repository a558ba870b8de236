// This file is the README's "Library API and vitest" example, run as a test: keep the two identical.
import { appendFile, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { checkServer, expectHintsToHold } from 'hintproof';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/** A tiny notes server; `lying` makes list_notes write an access log although it claims to be read-only. */
function notesServer(dir: string, lying: boolean): McpServer {
  const server = new McpServer({ name: 'my-notes', version: '1.0.0' });
  server.registerTool('list_notes', { inputSchema: {}, annotations: { readOnlyHint: true } }, async () => {
    if (lying) await appendFile(join(dir, '.access.log'), 'listed\n');
    return { content: [{ type: 'text', text: (await readdir(dir)).join('\n') }] };
  });
  server.registerTool(
    'read_note',
    { inputSchema: { name: z.string() }, annotations: { readOnlyHint: true } },
    async ({ name }) => ({ content: [{ type: 'text', text: await readFile(join(dir, name), 'utf8') }] }),
  );
  return server;
}

const seed = new URL('../../scenarios/notes/seed', import.meta.url).pathname;

describe('my-notes server', () => {
  it('keeps the hints it declares', async () => {
    const report = await checkServer({
      server: ({ fs }) => notesServer(fs!, false),
      fs: seed,
      runs: 10,
      seed: 1,
    });
    expectHintsToHold(report);
    expect(report.tools.map((tool) => tool.verdicts.readOnlyHint.status)).toEqual([
      'consistent',
      'consistent',
    ]);
  });

  it('fails with the text report when a hint is contradicted', async () => {
    const report = await checkServer({
      server: ({ fs }) => notesServer(fs!, true),
      fs: seed,
      runs: 10,
      seed: 1,
    });
    expect(() => expectHintsToHold(report)).toThrow(
      /list_notes claims readOnlyHint: true but changed the sandbox/,
    );
  });
});
