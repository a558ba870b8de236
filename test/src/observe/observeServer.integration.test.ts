import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { connect } from '../../../src/mcp/index.js';
import { OBSERVER_READ_SECONDS, observeServer } from '../../../src/observe/index.js';

/** A real SDK server (in-memory transport): `status` answers at once, `long_task` only after `slowMs`. */
async function connectToSlowServer(slowMs: number) {
  const calls = { status: 0, long_task: 0 };
  const server = new Server({ name: 'slow', version: '1.0.0' }, { capabilities: { tools: {} } });
  const tools = Object.keys(calls).map((name) => ({
    name,
    inputSchema: { type: 'object' as const },
    annotations: { readOnlyHint: true },
  }));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name as keyof typeof calls;
    calls[name] += 1;
    if (name === 'long_task') await sleep(slowMs);
    return { content: [{ type: 'text' as const, text: `${name} done` }] };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  return { calls, connection: await connect(clientSide, { startupTimeoutSeconds: 5 }) };
}

describe('observeServer', () => {
  it('leaves out, after one read, an observer slower than OBSERVER_READ_SECONDS, whatever the call time-out', async () => {
    const { calls, connection } = await connectToSlowServer((OBSERVER_READ_SECONDS + 1) * 1000);
    const started = performance.now();
    const observed = await observeServer(connection, await connection.listTools(), {
      pauseMs: 10,
      timeoutSeconds: 30,
    });
    const seconds = (performance.now() - started) / 1000;

    expect(observed.observers.map((observer) => observer.name)).toEqual(['status']);
    expect(observed.dropped).toEqual([
      {
        observer: { kind: 'tool', name: 'long_task', args: {} },
        reason: `its first read failed: no answer within ${OBSERVER_READ_SECONDS}s (time-out)`,
      },
    ]);
    expect(calls.long_task).toBe(1);
    // One slow read, not the call time-out, nor one per calibration read.
    expect(seconds).toBeLessThan(OBSERVER_READ_SECONDS * 2);
    await connection.close();
  });
});
