import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServer } from '../../../harness/process/index.js';
import type { ServerProcess } from '../../../harness/process/index.js';
import { connect, ProcessTransport } from '../../../src/mcp/index.js';
import type { McpConnection } from '../../../src/mcp/index.js';
import {
  calibrateObservers,
  diffObserved,
  discoverObservers,
  observeServer,
  readObservers,
  valueObservers,
} from '../../../src/observe/index.js';

const server = fileURLToPath(new URL('../../../scenarios/memory/server.js', import.meta.url));

const started: Array<{ running: ServerProcess; connection?: McpConnection }> = [];
afterEach(async () => {
  for (const { running, connection } of started.splice(0)) {
    await connection?.close();
    await running.kill();
  }
});

/** The memory scenario's server over real stdio (node, its own process group), connected with the SDK client. */
async function startMemoryServer(...args: string[]): Promise<McpConnection> {
  const running = await spawnServer({
    command: process.execPath,
    args: [server, ...args],
    cwd: tmpdir(),
    env: { PATH: process.env.PATH ?? '' },
  });
  const entry: { running: ServerProcess; connection?: McpConnection } = { running };
  started.push(entry);
  const transport = new ProcessTransport(running);
  entry.connection = await connect(transport, {
    startupTimeoutSeconds: 10,
    bytesReceived: () => transport.bytesReceived(),
  });
  return entry.connection;
}

/** The id in a tool's JSON answer. */
async function addItem(mcp: McpConnection, name: string): Promise<string> {
  const outcome = await mcp.callTool('add_item', { name }, 10);
  if (outcome.status !== 'returned' || outcome.isError)
    throw new Error(`add_item failed: ${JSON.stringify(outcome)}`);
  return (JSON.parse(outcome.text) as { id: string }).id;
}

describe.each([
  {
    scenario: 'memory',
    args: [],
    observer: { kind: 'tool', name: 'list_items', args: {} },
    key: 'list_items',
    listing: [],
  },
  {
    scenario: 'memory-resource',
    args: ['--resource'],
    observer: { kind: 'resource', name: 'memo://items' },
    key: 'memo://items',
    // A server that lists resources has its listing observed too (here it never changes).
    listing: [{ kind: 'listing', name: 'resources/list' }],
  },
])('observers of the $scenario scenario (state in process memory)', ({ args, observer, key, listing }) => {
  it(`finds ${key}, calibrates it stable, and sees what get_item and remove_item really do`, async () => {
    const mcp = await startMemoryServer(...args);
    const tools = await mcp.listTools();
    const { observers, problem } = await discoverObservers(mcp, tools);
    expect(problem).toBeUndefined();
    expect(observers).toEqual([...listing, observer]);

    const calibration = await calibrateObservers(mcp, observers, 100, 10);
    expect(calibration).toEqual({ used: [...listing, observer], dropped: [], mask: new Map() });

    const first = await addItem(mcp, 'apples');
    const second = await addItem(mcp, 'pears');
    const read = () => readObservers(mcp, calibration.used, 10);

    // get_item claims readOnlyHint: true, but counts the view: the observer shows it.
    const beforeGet = await read();
    const got = await mcp.callTool('get_item', { id: first }, 10);
    expect(got).toMatchObject({ status: 'returned', isError: false });
    const afterGet = await read();
    expect(diffObserved(beforeGet, afterGet, calibration.mask)).toEqual([
      { kind: 'modify', environment: 'observed', entity: `${key}#/[id=${first}]/views`, detail: '0 → 1' },
    ]);

    // remove_item claims destructiveHint: false, but deletes: a delete of the item's record.
    const removed = await mcp.callTool('remove_item', { id: second }, 10);
    expect(removed).toMatchObject({ status: 'returned', isError: false });
    const afterRemove = await read();
    expect(diffObserved(afterGet, afterRemove, calibration.mask)).toEqual([
      {
        kind: 'delete',
        environment: 'observed',
        entity: `${key}#/[id=${second}]`,
        detail: `{"id":"${second}","name":"pears","views":0}`,
      },
    ]);

    // The honest add_item is an add; reading the observer itself changes nothing.
    const third = await addItem(mcp, 'plums');
    const afterAdd = await read();
    expect(diffObserved(afterRemove, afterAdd, calibration.mask)).toMatchObject([
      { kind: 'add', entity: `${key}#/[id=${third}]` },
    ]);
    expect(diffObserved(afterAdd, await read(), calibration.mask)).toEqual([]);
  });
});

describe('observeServer', () => {
  it('calibrates on the probe server, then reads and diffs a later session of the same command', async () => {
    const probe = await startMemoryServer('--resource');
    const environment = await observeServer(probe, await probe.listTools(), {
      pauseMs: 50,
      timeoutSeconds: 10,
    });
    expect(environment.observers).toEqual([
      { kind: 'listing', name: 'resources/list' },
      { kind: 'resource', name: 'memo://items' },
    ]);
    expect(environment.dropped).toEqual([]);

    const session = await startMemoryServer('--resource');
    const id = await addItem(session, 'figs');
    const before = await environment.snapshot(session);
    await session.callTool('get_item', { id }, 10);
    const after = await environment.snapshot(session);
    expect(environment.diff(before, after)).toEqual([
      { kind: 'modify', environment: 'observed', entity: `memo://items#/[id=${id}]/views`, detail: '0 → 1' },
    ]);
    expect(environment.unread(before, after)).toEqual([]);
  });
});

describe('observers from values seen in the run', () => {
  it('get_item called with a real id is dropped as a writer: reading it counts views list_items shows', async () => {
    const mcp = await startMemoryServer();
    const tools = await mcp.listTools();
    const id = await addItem(mcp, 'apples');
    const getItem = valueObservers(tools, [], [id]);
    expect(getItem).toEqual([{ kind: 'tool', name: 'get_item', args: { id } }]);
    const { observers } = await discoverObservers(mcp, tools);
    const calibration = await calibrateObservers(mcp, [...observers, ...getItem], 50, 10);
    expect(calibration.used).toEqual(observers);
    expect(calibration.dropped).toEqual([
      {
        observer: getItem[0],
        reason: `reading it changed what list_items shows (modify observed:list_items#/[id=${id}]/views): it does not only read`,
      },
    ]);
    expect(calibration.mask).toEqual(new Map());
  });
});
