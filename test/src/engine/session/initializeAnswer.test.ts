import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { initializeAnswer } from '../../../../src/engine/session/initializeAnswer.js';
import { checkToolCount, formatDuration } from '../../../../src/engine/toolCount.js';
import { distinctTools } from '../../../../src/engine/probe/distinctTools.js';

describe('initializeAnswer', () => {
  it("names a protocol version the SDK's client refuses (its message pinned through a real handshake)", async () => {
    const [client, server] = InMemoryTransport.createLinkedPair();
    server.onmessage = (message) => {
      if (!('id' in message) || message.id === undefined) return;
      void server.send({
        jsonrpc: '2.0',
        id: message.id,
        result: {
          protocolVersion: '1999-01-01\n',
          capabilities: {},
          serverInfo: { name: 's', version: '1' },
        },
      });
    };
    await server.start();
    const error = await new Client({ name: 'c', version: '1' })
      .connect(client)
      .catch((caught: unknown) => caught);
    expect(initializeAnswer(error)?.headline).toMatch(
      /^The server answered initialize with protocol version "1999-01-01\\n", which this MCP client does not speak \(it speaks 2025-/,
    );
  });

  it('leaves a time-out to the caller', () => {
    expect(initializeAnswer(new Error('Request timed out'))).toBeUndefined();
  });
});

describe('tool count and names', () => {
  it('refuses past the bound with the count and a lower-bound estimate', () => {
    expect(() => checkToolCount(200, { maxTools: 200, runs: 25, jobs: 2 })).not.toThrow();
    expect(() => checkToolCount(60_000, { maxTools: 200, runs: 25, jobs: 2 })).toThrow(
      /lists 60000 tools, more than --max-tools 200\. .* 1500000 commands \(3000000 calls\): at least 7\.3 h with --jobs 2/,
    );
    expect([formatDuration(40), formatDuration(700), formatDuration(2 * 86400 + 1)]).toEqual([
      '40 s',
      '12 min',
      '2.0 days',
    ]);
  });

  it('keeps the first tool of each name and counts the others', () => {
    const tools = [
      { name: 'twin', n: 1 },
      { name: 'one', n: 2 },
      { name: 'twin', n: 3 },
      { name: 'twin', n: 4 },
    ];
    expect(distinctTools(tools)).toEqual({
      tools: [tools[0], tools[1]],
      duplicates: [{ name: 'twin', listed: 3 }],
    });
  });
});
