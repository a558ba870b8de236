import { setTimeout as sleep } from 'node:timers/promises';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { connect } from '../../../src/mcp/index.js';
import { ValueWatch } from '../../../src/observe/valueWatch.js';

/**
 * A real SDK server (in-memory transport) with two read-only tools that take an id: `blame` dates its lines
 * with the time of the read in whole seconds (as `git blame` dates uncommitted lines), `get_note` shows the
 * second its note was made (at its first read), stored.
 */
async function connectToDatedServer() {
  let made: number | undefined;
  const server = new Server({ name: 'dated', version: '1.0.0' }, { capabilities: { tools: {} } });
  const tools = ['blame', 'get_note'].map((name) => ({
    name,
    inputSchema: { type: 'object' as const, properties: { id: { type: 'string' } }, required: ['id'] },
    annotations: { readOnlyHint: true },
  }));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const id = String(request.params.arguments?.id);
    const now = Math.floor(Date.now() / 1000);
    made ??= now;
    const timestamp = request.params.name === 'blame' ? now : made;
    return { content: [{ type: 'text' as const, text: JSON.stringify({ id, lines: [{ timestamp }] }) }] };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const connection = await connect(clientSide, { startupTimeoutSeconds: 5 });
  return { connection, tools: await connection.listTools() };
}

describe('ValueWatch', () => {
  it('uses no observer that shows the time of its read, though two reads in one second agree', async () => {
    // get_note shows the second of its reads too, but stored: a read once the clock has moved on agrees.
    const { connection, tools } = await connectToDatedServer();
    const watch = new ValueWatch(tools, [], 5);
    const candidates = watch.candidates(['n1']);
    expect(candidates.map((observer) => observer.name)).toEqual(['blame', 'get_note']);
    // Begin just after a whole second, so that both first reads of each fall within one second.
    await sleep(1000 - (Date.now() % 1000) + 5);
    await watch.admit(connection, candidates, async (reads) => {
      await reads();
      return false;
    });
    expect(watch.used().map((observer) => observer.name)).toEqual(['get_note']);
    await connection.close();
  });

  it('never tries again a tool whose trial moved something, so it cannot act on every new id first', async () => {
    const { connection, tools } = await connectToDatedServer();
    const watch = new ValueWatch(tools, [], 5);
    const first = watch.candidates(['n1']);
    expect(first.map((observer) => observer.name)).toEqual(['blame', 'get_note']);
    await watch.admit(connection, first.slice(1), async (reads) => {
      await reads();
      return true;
    });
    expect(watch.used()).toEqual([]);
    // get_note "wrote" during its trial: a new id offers only blame.
    expect(watch.candidates(['n2']).map((observer) => observer.name)).toEqual(['blame']);
    await connection.close();
  });

  it('offers resources that appeared in the listing, bounded, only for a server that lists resources', () => {
    const uris = Array.from({ length: 50 }, (_, n) => `note:///${n}`);
    const watch = new ValueWatch([], [], 5, true);
    const offered = watch.candidates([], ['', `note:///${'x'.repeat(2000)}`, ...uris]);
    // Four used at most per session: no more are offered at once, and none that is empty or huge.
    expect(offered).toEqual(uris.slice(0, 4).map((name) => ({ kind: 'resource', name })));
    expect(new ValueWatch([], [], 5).candidates([], uris)).toEqual([]);
    expect(ValueWatch.possible([], [], true)).toBe(true);
    expect(ValueWatch.possible([], [])).toBe(false);
  });
});
