import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { connect } from '../../../src/mcp/index.js';
import { SetupError } from '../../../src/model/setupError.js';

/** A real SDK server over the in-memory transport: three pages of tools and calls that end every way. */
async function connectToPagedServer(capture: { clientCapabilities?: unknown } = {}) {
  const server = new Server({ name: 'paged', version: '2.0.0' }, { capabilities: { tools: {} } });
  const pages = [['a', 'b'], ['c'], ['d']];
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const page = Number(request.params?.cursor ?? 0);
    return {
      tools: (pages[page] ?? []).map((name) => ({
        name,
        inputSchema: { type: 'object' as const },
        ...(name === 'a' ? { annotations: { readOnlyHint: true } } : {}),
        ...(name === 'b' ? { execution: { taskSupport: 'optional' } } : {}),
        ...(name === 'c' ? { execution: { taskSupport: 'required' } } : {}),
      })),
      ...(page + 1 < pages.length ? { nextCursor: String(page + 1) } : {}),
    };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    switch (request.params.name) {
      case 'a':
        return {
          content: [
            { type: 'text' as const, text: 'one' },
            { type: 'text' as const, text: 'two' },
          ],
        };
      case 'b':
        return { isError: true, content: [{ type: 'text' as const, text: 'no such thing' }] };
      case 'c':
        return new Promise<never>(() => {});
      default:
        throw new McpError(ErrorCode.InvalidParams, 'bad arguments');
    }
  });
  server.oninitialized = () => {
    capture.clientCapabilities = server.getClientCapabilities();
  };
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const connection = await connect(clientSide, { startupTimeoutSeconds: 5 });
  return { server, connection };
}

describe('connect (in-memory transport)', () => {
  it('initialises, advertises no roots, and lists every page of tools, marking tasks-only ones', async () => {
    const capture: { clientCapabilities?: unknown } = {};
    const { connection } = await connectToPagedServer(capture);
    expect(connection.server).toEqual({ name: 'paged', version: '2.0.0' });
    expect(capture.clientCapabilities).toEqual({});
    const tools = await connection.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(tools[0]?.annotations).toEqual({ readOnlyHint: true });
    expect(tools[1]?.annotations).toBeUndefined();
    // A tool that answers only task-augmented calls is marked so; one that merely allows them is not.
    expect(tools.map((tool) => tool.tasksOnly)).toEqual([undefined, undefined, true, undefined]);
    await connection.close();
  });

  it('turns every way a call ends into an outcome, never a throw', async () => {
    const { connection } = await connectToPagedServer();
    expect(await connection.callTool('a', {}, 5)).toEqual({
      status: 'returned',
      isError: false,
      text: 'one\ntwo',
    });
    expect(await connection.callTool('b', {}, 5)).toEqual({
      status: 'returned',
      isError: true,
      text: 'no such thing',
    });
    expect(await connection.callTool('c', {}, 0.2)).toEqual({ status: 'timeout', seconds: 0.2 });
    expect(await connection.callTool('d', {}, 5)).toMatchObject({
      status: 'rejected',
      message: expect.stringContaining('bad arguments') as string,
    });
    await connection.close();
    expect((await connection.callTool('a', {}, 5)).status).toBe('crashed');
  });
});

/**
 * A hand-written server over the in-memory transport: answers initialize like any server, and every other
 * request with whatever `answer` returns (a result, or `undefined` for no answer at all).
 */
async function connectToRawServer(
  answer: (method: string, params: Record<string, unknown>) => unknown,
  options: { startupTimeoutSeconds?: number; maxListBytes?: number } = {},
) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serverSide.onmessage = (message) => {
    if (!('id' in message) || !('method' in message)) return;
    const result =
      message.method === 'initialize'
        ? {
            protocolVersion: '2025-06-18',
            capabilities: { tools: {} },
            serverInfo: { name: 'raw', version: '1' },
          }
        : answer(message.method, message.params ?? {});
    if (result !== undefined)
      void serverSide.send({ jsonrpc: '2.0', id: message.id, result } as JSONRPCMessage);
  };
  await serverSide.start();
  return connect(clientSide, {
    startupTimeoutSeconds: options.startupTimeoutSeconds ?? 5,
    ...(options.maxListBytes === undefined ? {} : { maxListBytes: options.maxListBytes }),
  });
}

describe('answers that are not what was asked for', () => {
  it('a tool result with malformed content is a malformed outcome with a sample, not a crash', async () => {
    const connection = await connectToRawServer((_method, params) =>
      params.name === 'string' ? { content: 'oops' } : { content: [{ type: 'text' }] },
    );
    expect(await connection.callTool('string', {}, 5)).toEqual({
      status: 'malformed',
      problem: expect.stringMatching(/^content: /) as string,
      sample: '{"content":"oops"}',
    });
    expect(await connection.callTool('block', {}, 5)).toMatchObject({
      status: 'malformed',
      problem: expect.stringMatching(/^content\.0/) as string,
    });
    await connection.close();
  });

  it('tools/list that never comes is bounded by the start-up time-out, and says so', async () => {
    const connection = await connectToRawServer(() => undefined, { startupTimeoutSeconds: 0.3 });
    const started = Date.now();
    await expect(connection.listTools()).rejects.toThrow(
      /^The server did not finish answering tools\/list within 0\.3s \(--startup-timeout; page 1; 0 tools received before it\)/,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    await connection.close();
  });

  it('pages that never end are bounded too: by time, and by the size cap on all pages together', async () => {
    const page = (cursor: unknown) => ({
      tools: [{ name: `t${String(cursor)}`, description: 'x'.repeat(4000), inputSchema: { type: 'object' } }],
      nextCursor: String(Number(cursor ?? 0) + 1),
    });
    const capped = await connectToRawServer((_m, params) => page(params.cursor), { maxListBytes: 10 * 1024 });
    const error = await capped.listTools().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SetupError);
    expect((error as Error).message).toMatch(
      /^tools\/list: the server sent [\d.]+ KiB over 3 page\(s\), past hintproof's 10 KiB cap on a whole tools\/list \(2 tools before the last page\)/,
    );
    await capped.close();
  });

  it('a tools/list answer that is not a list of tools is a set-up error naming the problem', async () => {
    const connection = await connectToRawServer(() => ({ tools: 'x' }));
    await expect(connection.listTools()).rejects.toThrow(
      /^tools\/list: the answer is not a list of tools \(page 1; 0 tools received before it\): tools: .* Received: \{"tools":"x"\}/,
    );
    await connection.close();
  });
});
