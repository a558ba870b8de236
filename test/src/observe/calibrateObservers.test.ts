import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { connect } from '../../../src/mcp/index.js';
import {
  calibrateObservers,
  diffObserved,
  discoverObservers,
  readObservers,
} from '../../../src/observe/index.js';

/**
 * A real SDK server (in-memory transport) whose read-only tools show its state beside parts that change on
 * their own: a clock, a count of its own reads, a random number, and one that fails.
 */
async function connectToNoisyServer() {
  const state = { items: ['a'], reads: 0 };
  const server = new Server(
    { name: 'noisy', version: '1.0.0' },
    { capabilities: { tools: {}, resources: {} } },
  );
  const readOnly = { readOnlyHint: true };
  const tools = ['status', 'random', 'broken', 'log'].map((name) => ({
    name,
    inputSchema: { type: 'object' as const },
    annotations: readOnly,
  }));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
    switch (request.params.name) {
      case 'status':
        state.reads++;
        return text(
          JSON.stringify({ now: process.hrtime.bigint().toString(), reads: state.reads, items: state.items }),
        );
      case 'random':
        return text(String(Math.random()));
      case 'log':
        return text(
          `checked at ${process.hrtime.bigint()}\n${state.items.map((item) => `item ${item}`).join('\n')}`,
        );
      default:
        return { isError: true, content: [{ type: 'text' as const, text: 'database unavailable' }] };
    }
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [{ uri: 'memo://gone', name: 'gone' }],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, () => {
    throw new Error('no such resource');
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  return { state, connection: await connect(clientSide, { startupTimeoutSeconds: 5 }) };
}

describe('calibrateObservers', () => {
  it('masks what changes on its own, drops what is unstable or fails, and still sees the state', async () => {
    const { state, connection } = await connectToNoisyServer();
    const { observers } = await discoverObservers(connection, await connection.listTools());
    const calibration = await calibrateObservers(connection, observers, 20, 5);

    expect(calibration.used.map((observer) => observer.name)).toEqual(['log', 'status']);
    expect(calibration.dropped.map(({ observer, reason }) => [observer.name, reason])).toEqual([
      ['broken', 'a calibration read failed: isError: database unavailable'],
      ['random', 'its whole output changed between calibration reads with nothing in between'],
      [
        'memo://gone',
        expect.stringMatching(/^a calibration read failed: JSON-RPC error: .*no such resource/),
      ],
    ]);
    expect([...(calibration.mask.get('status')?.places ?? [])].sort()).toEqual(['."now"', '."reads"']);
    expect(calibration.mask.get('log')?.lines).toEqual([{ prefix: 'checked at #', suffix: '', exact: true }]);

    const before = await readObservers(connection, calibration.used, 5);
    expect(
      diffObserved(before, await readObservers(connection, calibration.used, 5), calibration.mask),
    ).toEqual([]);
    state.items.push('b');
    const after = await readObservers(connection, calibration.used, 5);
    expect(diffObserved(before, after, calibration.mask)).toEqual([
      { kind: 'add', environment: 'observed', entity: 'log#L3', detail: 'item b' },
      { kind: 'add', environment: 'observed', entity: 'status#/items/["b"]', detail: '"b"' },
    ]);
    await connection.close();
  });
});
