import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { connect } from '../../../src/mcp/index.js';
import { ResourceListing } from '../../../src/observe/resourceListing.js';

/** A real SDK server (in-memory transport) whose resources are whatever `uris` holds when it is asked. */
async function connectTo(uris: string[], resources = true) {
  let listings = 0;
  const server = new Server(
    { name: 'coming-and-going', version: '1.0.0' },
    { capabilities: { tools: {}, ...(resources ? { resources: {} } : {}) } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
  if (resources) {
    server.setRequestHandler(ListResourcesRequestSchema, () => {
      listings++;
      return { resources: uris.map((uri) => ({ uri, name: uri })) };
    });
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
      resourceTemplates: [{ uriTemplate: 'box://shelf/{boxId}', name: 'box' }],
    }));
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const connection = await connect(clientSide, { startupTimeoutSeconds: 5 });
  return { connection, listings: () => listings };
}

describe('ResourceListing', () => {
  it('says which resources appeared and vanished since the last listing', async () => {
    const uris = ['box://shelf/a1'];
    const { connection } = await connectTo(uris);
    const listing = new ResourceListing();
    expect(await listing.list(connection)).toEqual({
      appeared: ['box://shelf/a1'],
      vanished: [],
      templates: ['box://shelf/{boxId}'],
    });
    uris.splice(0, 1, 'box://shelf/b2');
    expect(await listing.list(connection)).toMatchObject({
      appeared: ['box://shelf/b2'],
      vanished: ['box://shelf/a1'],
    });
    await connection.close();
  });

  it('asks no more than its limit, and never a server that declares no resources', async () => {
    const { connection, listings } = await connectTo(['box://shelf/a1']);
    const listing = new ResourceListing(2);
    for (let index = 0; index < 5; index++) await listing.list(connection);
    expect(listings()).toBe(2);
    await connection.close();
    const without = await connectTo([], false);
    expect(await new ResourceListing().list(without.connection)).toBeUndefined();
    await without.connection.close();
  });
});
