import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { setTimeout as sleep } from 'node:timers/promises';
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
 * their own: a clock, a count of its own reads, a random whole number, one that fails; and, with `peek`, a tool
 * that claims read-only but counts a view of every item when called.
 */
async function connectToNoisyServer(options: { peek: boolean }) {
  const state = { items: [{ id: 'a', views: 0 }], reads: 0 };
  const server = new Server(
    { name: 'noisy', version: '1.0.0' },
    { capabilities: { tools: {}, resources: {} } },
  );
  const names = ['status', 'random', 'broken', 'log', ...(options.peek ? ['peek'] : [])];
  const tools = names.map((name) => ({
    name,
    inputSchema: { type: 'object' as const },
    annotations: { readOnlyHint: true },
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
        // A whole number below a million: always JSON, never so many digits that a double could lose them.
        return text(String(Math.floor(Math.random() * 1_000_000)));
      case 'log':
        return text(
          `checked at ${process.hrtime.bigint()}\n${state.items.map((item) => `item ${item.id}`).join('\n')}`,
        );
      case 'peek':
        for (const item of state.items) item.views++;
        return text('ok');
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
    const { state, connection } = await connectToNoisyServer({ peek: false });
    const { observers } = await discoverObservers(connection, await connection.listTools());
    const calibration = await calibrateObservers(connection, observers, 20, 5);

    expect(calibration.used.map((observer) => observer.name)).toEqual(['log', 'status', 'resources/list']);
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
    const again = await readObservers(connection, calibration.used, 5);
    expect(diffObserved(before, again, calibration.mask)).toEqual([]);
    state.items.push({ id: 'b', views: 0 });
    const after = await readObservers(connection, calibration.used, 5);
    expect(diffObserved(before, after, calibration.mask)).toEqual([
      { kind: 'add', environment: 'observed', entity: 'log#L3', detail: 'item b' },
      {
        kind: 'add',
        environment: 'observed',
        entity: 'status#/items/[id=b]',
        detail: '{"id":"b","views":0}',
      },
    ]);
    await connection.close();
  });

  it('drops an observer whose read writes what another shows, and masks none of its effect', async () => {
    const { connection } = await connectToNoisyServer({ peek: true });
    const { observers } = await discoverObservers(connection, await connection.listTools());
    const calibration = await calibrateObservers(connection, observers, 20, 5);

    expect(calibration.used.map((observer) => observer.name)).toEqual(['log', 'status', 'resources/list']);
    expect(calibration.dropped.find(({ observer }) => observer.name === 'peek')?.reason).toBe(
      'reading it changed what status shows (modify observed:status#/items/[id=a]/views): it does not only read',
    );
    expect([...(calibration.mask.get('status')?.places ?? [])].sort()).toEqual(['."now"', '."reads"']);

    // Checked as a tool, peek's claim is contradicted through status.
    const before = await readObservers(connection, calibration.used, 5);
    await connection.callTool('peek', {}, 5);
    const after = await readObservers(connection, calibration.used, 5);
    expect(diffObserved(before, after, calibration.mask)).toMatchObject([
      { kind: 'modify', entity: 'status#/items/[id=a]/views' },
    ]);
    await connection.close();
  });

  it('masks a clock counting whole seconds, though the pause falls within one second', async () => {
    const server = new Server({ name: 'dated', version: '1.0.0' }, { capabilities: { tools: {} } });
    const tools = [
      { name: 'status', inputSchema: { type: 'object' as const }, annotations: { readOnlyHint: true } },
    ];
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
    server.setRequestHandler(CallToolRequestSchema, () => ({
      content: [
        { type: 'text' as const, text: JSON.stringify({ at: Math.floor(Date.now() / 1000), items: 1 }) },
      ],
    }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const connection = await connect(clientSide, { startupTimeoutSeconds: 5 });
    const { observers } = await discoverObservers(connection, await connection.listTools());
    await sleep(1000 - (Date.now() % 1000) + 5);
    const calibration = await calibrateObservers(connection, observers, 20, 5);

    expect(calibration.used.map((observer) => observer.name)).toEqual(['status']);
    expect(calibration.mask.get('status')?.places).toEqual(['."at"']);
    await connection.close();
  });

  it.each([
    { moves: 'when a "read-only" tool is read', stash: true, expected: ['resources/list'] },
    { moves: 'on its own', stash: false, expected: [] },
  ])(
    'tells a listing whose resources come and go $moves from an ambient one',
    async ({ stash, expected }) => {
      const uris = ['memo://a'];
      let ticks = 0;
      const server = new Server(
        { name: 'listed', version: '1.0.0' },
        { capabilities: { tools: {}, resources: {} } },
      );
      const tools = [
        { name: 'stash', inputSchema: { type: 'object' as const }, annotations: { readOnlyHint: true } },
      ];
      server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: stash ? tools : [] }));
      server.setRequestHandler(CallToolRequestSchema, () => {
        uris.push(`memo://stash/${uris.length}`);
        return { content: [{ type: 'text' as const, text: 'ok' }] };
      });
      // Without the tool, a log entry appears at every third listing: between the pause's reads.
      server.setRequestHandler(ListResourcesRequestSchema, () => {
        if (!stash && ++ticks % 3 === 0) uris.push(`log://entry/${ticks}`);
        return { resources: uris.map((uri) => ({ uri, name: uri })) };
      });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const connection = await connect(clientSide, { startupTimeoutSeconds: 5 });
      const { observers } = await discoverObservers(connection, await connection.listTools(), 2);
      const calibration = await calibrateObservers(connection, observers, 20, 5);

      expect(calibration.used.map((observer) => observer.name)).toEqual(expected);
      const reasons = Object.fromEntries(
        calibration.dropped.map(({ observer, reason }) => [observer.name, reason]),
      );
      if (stash) {
        expect(reasons.stash).toMatch(
          /^reading it changed what resources\/list shows \(add observed:resources\/list#\/\[id=memo:\/\/stash\/\d+\]\)/,
        );
      } else {
        expect(reasons['resources/list']).toMatch(/came and went.*log:\/\/entry\/\d+.*ambient/);
      }
      await connection.close();
    },
  );
});
