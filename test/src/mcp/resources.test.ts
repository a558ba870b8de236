import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { connect } from '../../../src/mcp/index.js';
import { SetupError } from '../../../src/model/setupError.js';

/** A real SDK server over the in-memory transport, with two pages of resources that read every way. */
async function connectTo(options: { resources: boolean; malformedList?: boolean }) {
  const server = new Server(
    { name: 'resourceful', version: '1.0.0' },
    { capabilities: options.resources ? { tools: {}, resources: {} } : { tools: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
  if (options.resources) {
    server.setRequestHandler(ListResourcesRequestSchema, (request) => {
      if (options.malformedList) return { resources: [{ name: 'no uri' }] };
      return request.params?.cursor === undefined
        ? { resources: [{ uri: 'memo://text', name: 'text', mimeType: 'text/plain' }], nextCursor: '2' }
        : { resources: [{ uri: 'memo://blob', name: 'blob' }] };
    });
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
      resourceTemplates: [{ uriTemplate: 'memo://items/{id}', name: 'item', mimeType: 'application/json' }],
    }));
    server.setRequestHandler(ReadResourceRequestSchema, (request) => {
      switch (request.params.uri) {
        case 'memo://text':
          return {
            contents: [
              { uri: 'memo://text', text: 'one' },
              { uri: 'memo://text#2', text: 'two' },
            ],
          };
        case 'memo://blob':
          return {
            contents: [
              { uri: 'memo://blob', mimeType: 'image/png', blob: Buffer.from('abc').toString('base64') },
            ],
          };
        case 'memo://slow':
          return new Promise<never>(() => {});
        case 'memo://odd':
          return { contents: 'not a list' };
        default:
          throw new McpError(ErrorCode.InvalidParams, `unknown resource ${request.params.uri}`);
      }
    });
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  return connect(clientSide, { startupTimeoutSeconds: 5 });
}

describe('McpConnection resources', () => {
  it('lists every page of resources', async () => {
    await using connection = await connectTo({ resources: true });
    expect(await connection.listResources()).toEqual([
      { uri: 'memo://text', name: 'text', mimeType: 'text/plain' },
      { uri: 'memo://blob', name: 'blob' },
    ]);
  });

  it('lists resource templates', async () => {
    await using connection = await connectTo({ resources: true });
    expect(await connection.listResourceTemplates()).toEqual([
      { uriTemplate: 'memo://items/{id}', name: 'item', mimeType: 'application/json' },
    ]);
  });

  it('asks nothing of a server that did not declare resources', async () => {
    await using connection = await connectTo({ resources: false });
    expect(await connection.listResources()).toEqual([]);
    expect(await connection.listResourceTemplates()).toEqual([]);
  });

  it('a resources/list answer that is not a list of resources is a set-up error naming the problem', async () => {
    await using connection = await connectTo({ resources: true, malformedList: true });
    const failure = await connection.listResources().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SetupError);
    expect((failure as Error).message).toMatch(
      /^resources\/list: the answer is not a list of resources \(page 1; 0 resources received before it\): resources\.0\.uri: /,
    );
  });

  it('turns every way a read ends into an outcome, never a throw', async () => {
    await using connection = await connectTo({ resources: true });
    expect(await connection.readResource('memo://text', 5)).toEqual({
      status: 'returned',
      isError: false,
      text: 'one\ntwo',
    });
    expect(await connection.readResource('memo://blob', 5)).toEqual({
      status: 'returned',
      isError: false,
      text: '(binary image/png, 3 bytes, sha256 ba7816bf8f01cfea)',
    });
    expect(await connection.readResource('memo://nothing', 5)).toMatchObject({
      status: 'rejected',
      message: expect.stringContaining('unknown resource memo://nothing') as unknown,
    });
    expect(await connection.readResource('memo://slow', 0.2)).toEqual({ status: 'timeout', seconds: 0.2 });
    const odd = await connection.readResource('memo://odd', 5);
    expect(odd).toMatchObject({
      status: 'malformed',
      problem: expect.stringMatching(/^contents: /) as unknown,
    });
  });
});
