import { tmpdir } from 'node:os';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServer } from '../../../harness/process/index.js';
import type { ServerProcess } from '../../../harness/process/index.js';
import { MALFORMED_ANSWER_CODE } from '../../../src/mcp/malformedAnswer.js';
import { ProcessTransport } from '../../../src/mcp/processTransport.js';

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.kill();
  server = undefined;
});

/** A real process that writes `script`'s output to stdout (in several writes), then waits to be killed. */
async function transportOver(script: string, maxMessageBytes?: number) {
  server = await spawnServer({
    command: process.execPath,
    args: ['-e', `${script}; setInterval(() => {}, 1000);`],
    cwd: tmpdir(),
    env: { PATH: process.env.PATH ?? '' },
  });
  const transport = new ProcessTransport(server, maxMessageBytes);
  const messages: JSONRPCMessage[] = [];
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  transport.onmessage = (message) => messages.push(message);
  transport.onerror = () => {};
  await transport.start();
  return { transport, messages, closed };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('ProcessTransport', () => {
  it('reads messages split anywhere, multi-byte characters included, and counts the bytes', async () => {
    const line = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { text: 'é😀' } });
    const bytes = Buffer.from(`${line}\n${line}\r\n`);
    const parts = [bytes.subarray(0, 50), bytes.subarray(50, 51), bytes.subarray(51)];
    const { transport, messages } = await transportOver(
      parts.map((part) => `process.stdout.write(Buffer.from(${JSON.stringify([...part])}))`).join(';'),
    );
    await until(() => messages.length === 2);
    expect(messages).toEqual([JSON.parse(line), JSON.parse(line)]);
    expect(transport.bytesReceived()).toBe(bytes.length);
  });

  it('ends the connection at the cap on one message, naming it, and stops reading', async () => {
    const { transport, messages, closed } = await transportOver(
      'process.stdout.write(\'{"jsonrpc":"2.0","id":1,"result":{"x":"\' + \'x\'.repeat(5000000))',
      64 * 1024,
    );
    await closed;
    expect(transport.closeReason()).toBe(
      'the server sent a message over the 64 KiB cap on any one message; hintproof stopped reading it',
    );
    expect(messages).toEqual([]);
    expect(transport.bytesReceived()).toBeLessThan(5_000_000);
  });

  it('turns an answer that is not JSON-RPC into an error for its request, and keeps garbage lines', async () => {
    const { transport, messages } = await transportOver(
      [
        'console.log(JSON.stringify({ jsonrpc: "2.0", id: 3, result: "a plain string" }))',
        'console.log(JSON.stringify({ id: "x", result: {} }))',
        'console.log("Listening on stdio")',
      ].join(';'),
    );
    await until(() => messages.length === 2 && transport.garbage().length === 1);
    expect(messages[1]).toMatchObject({ id: 'x', error: { code: MALFORMED_ANSWER_CODE } });
    messages.pop();
    expect(messages).toEqual([
      {
        jsonrpc: '2.0',
        id: 3,
        error: {
          code: MALFORMED_ANSWER_CODE,
          message: 'malformed answer (the result is a string, not an object)',
          data: { problem: 'the result is a string, not an object', sample: '"a plain string"' },
        },
      },
    ]);
    expect(transport.garbage()).toEqual(['Listening on stdio']);
  });
});
