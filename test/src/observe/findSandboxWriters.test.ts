import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '../../../src/mcp/index.js';
import { findSandboxWriters } from '../../../src/observe/index.js';

let directory: string | undefined;
afterEach(() => {
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
  directory = undefined;
});

/** The files of a directory and their contents, as one comparable string. */
function state(dir: string): string {
  return JSON.stringify(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}

describe('findSandboxWriters', () => {
  it('names the observer whose read writes a file, with the change, and only that one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hintproof-observe-'));
    directory = dir;
    const server = new Server({ name: 'logger', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
    let logged = 0;
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      if (request.params.name === 'logged_list') logged += 1;
      if (request.params.name === 'logged_list') appendFileSync(join(dir, 'access.log'), 'list\n');
      return { content: [{ type: 'text' as const, text: '[]' }] };
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const connection = await connect(clientSide, { startupTimeoutSeconds: 5 });

    const honest = { kind: 'tool' as const, name: 'list', args: {} };
    const logging = { kind: 'tool' as const, name: 'logged_list', args: {} };
    let snapshots = 0;
    const changedAround = async (read: () => Promise<unknown>) => {
      const before = state(dir);
      await read();
      snapshots += 2;
      return state(dir) === before ? undefined : 'changed the sandbox (add fs:access.log (file, 5 bytes))';
    };
    expect((await findSandboxWriters(connection, [honest], 5, changedAround)).writers).toEqual([]);
    expect(snapshots).toBe(2);
    const { writers } = await findSandboxWriters(connection, [honest, logging], 5, changedAround);
    expect(writers).toEqual([
      {
        observer: logging,
        reason: 'reading it changed the sandbox (add fs:access.log (file, 5 bytes)): it does not only read',
      },
    ]);
    // Read 4 times with the others, then once alone: its first read alone already wrote, so no more reads.
    expect(logged).toBe(5);
    await connection.close();
  });

  it('trusts none of them when a write shows only in the read of them all (a one-time move)', async () => {
    let pending = true;
    const server = new Server({ name: 'inbox', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      if (request.params.name === 'get_inbox') pending = false;
      return { content: [{ type: 'text' as const, text: '[]' }] };
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const connection = await connect(clientSide, { startupTimeoutSeconds: 5 });
    const list = { kind: 'tool' as const, name: 'list_tasks', args: {} };
    const inbox = { kind: 'tool' as const, name: 'get_inbox', args: {} };
    const changedAround = async (read: () => Promise<unknown>) => {
      const before = pending;
      await read();
      return pending === before ? undefined : 'changed the sandbox (modify pg:public.tasks(id=1))';
    };
    const { writers } = await findSandboxWriters(connection, [list, inbox], 5, changedAround);
    expect(writers.map((writer) => writer.observer)).toEqual([list, inbox]);
    expect(writers[0]?.reason).toMatch(/no single read did it again/);
    await connection.close();
  });
});
