import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { connect } from '../../../src/mcp/index.js';
import { OBSERVER_TEXT_LIMIT, readObservers } from '../../../src/observe/index.js';

/** A real SDK server (in-memory transport) whose tools answer in every shape an observer may meet. */
async function connectToServer() {
  const calls: string[] = [];
  const server = new Server({ name: 'shapes', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    calls.push(request.params.name);
    // Out of order on purpose: a read that answers late must not overtake the next one.
    if (request.params.name === 'slow_first') await new Promise((resolve) => setTimeout(resolve, 50));
    switch (request.params.name) {
      case 'structured':
        return { content: [], structuredContent: { items: [{ id: 'i1' }] } };
      case 'huge':
        return { content: [{ type: 'text' as const, text: 'x'.repeat(OBSERVER_TEXT_LIMIT + 1) }] };
      case 'hang':
        return new Promise<never>(() => {});
      default:
        return {
          content: [
            {
              type: 'text' as const,
              text: `${request.params.name} ${JSON.stringify(request.params.arguments)}`,
            },
          ],
        };
    }
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  return { calls, connection: await connect(clientSide, { startupTimeoutSeconds: 5 }) };
}

describe('readObservers', () => {
  it('reads each observer in turn, with its arguments; failures are entries that say why', async () => {
    const { calls, connection } = await connectToServer();
    const snapshot = await readObservers(
      connection,
      [
        { kind: 'tool', name: 'slow_first', args: {} },
        { kind: 'tool', name: 'with_args', args: { limit: 5 } },
        { kind: 'tool', name: 'structured', args: {} },
        { kind: 'tool', name: 'huge', args: {} },
        { kind: 'tool', name: 'hang', args: {} },
      ],
      0.5,
    );
    expect(calls).toEqual(['slow_first', 'with_args', 'structured', 'huge', 'hang']);
    expect([...snapshot]).toEqual([
      ['slow_first', { text: 'slow_first {}' }],
      ['with_args {"limit":5}', { text: 'with_args {"limit":5}' }],
      ['structured', { text: '{"items":[{"id":"i1"}]}' }],
      [
        'huge',
        {
          error: `output of ${OBSERVER_TEXT_LIMIT + 1} characters, past hintproof's cap of ${OBSERVER_TEXT_LIMIT} on one observer read`,
        },
      ],
      ['hang', { error: 'no answer within 0.5s (time-out)' }],
    ]);
    await connection.close();
  });
});
