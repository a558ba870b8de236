import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { connect } from '../../../src/mcp/index.js';

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
  const connection = await connect(clientSide, { clientVersion: 'test', startupTimeoutSeconds: 5 });
  return { server, connection };
}

describe('connect (in-memory transport)', () => {
  it('initialises, advertises no roots, and lists every page of tools', async () => {
    const capture: { clientCapabilities?: unknown } = {};
    const { connection } = await connectToPagedServer(capture);
    expect(connection.server).toEqual({ name: 'paged', version: '2.0.0' });
    expect(capture.clientCapabilities).toEqual({});
    const tools = await connection.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(tools[0]?.annotations).toEqual({ readOnlyHint: true });
    expect(tools[1]?.annotations).toBeUndefined();
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
