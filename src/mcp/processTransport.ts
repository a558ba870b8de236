import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ServerProcess } from '../../harness/process/index.js';

/**
 * An MCP transport over a process spawned by the harness (newline-delimited JSON-RPC on stdin/stdout).
 * Unlike the SDK's StdioClientTransport it does not own the process, so the harness can run it in its own
 * process group and kill the whole tree; and it keeps the lines that were not JSON-RPC, to explain failures.
 */
/** The largest JSON-RPC message hintproof accepts from a server. */
export const DEFAULT_MAX_MESSAGE_BYTES = 8 * 2 ** 20;

export class ProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #process: ServerProcess;
  #pending = '';
  readonly #garbage: string[] = [];
  #closed = false;
  #closeReason: string | undefined;

  /** `maxMessageBytes`: a reply longer than this (default 8 MiB) ends the connection instead of filling memory. */
  constructor(
    process: ServerProcess,
    private readonly maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES,
  ) {
    this.#process = process;
  }

  /** Why the transport closed itself (an oversized reply), if it did. */
  closeReason(): string | undefined {
    return this.#closeReason;
  }

  start(): Promise<void> {
    this.#process.stdout.setEncoding('utf8');
    this.#process.stdout.on('data', (chunk: string) => {
      this.#pending += chunk;
      this.#drain();
      if (this.#pending.length > this.maxMessageBytes) {
        this.#closeReason = `the server sent a message over the ${Math.round(this.maxMessageBytes / 2 ** 20)} MiB cap`;
        this.#pending = '';
        this.#close();
      }
    });
    this.#process.stdout.on('error', (error) => this.onerror?.(error));
    void this.#process.exited.then(() => this.#close());
    return Promise.resolve();
  }

  /** Up to five lines the server wrote to stdout that were not JSON-RPC messages. */
  garbage(): readonly string[] {
    return this.#garbage;
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed || this.#process.stdin.destroyed) {
      return Promise.reject(new Error('the server process has exited; nothing can be sent to it'));
    }
    return new Promise((resolve, reject) => {
      this.#process.stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  close(): Promise<void> {
    this.#close();
    return Promise.resolve();
  }

  #drain(): void {
    let newline = this.#pending.indexOf('\n');
    while (newline !== -1) {
      const line = this.#pending.slice(0, newline).replace(/\r$/, '');
      this.#pending = this.#pending.slice(newline + 1);
      if (line.trim() !== '') this.#receive(line);
      newline = this.#pending.indexOf('\n');
    }
  }

  #receive(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch {
      if (this.#garbage.length < 5) this.#garbage.push(line.length > 200 ? `${line.slice(0, 197)}...` : line);
      this.onerror?.(
        new Error(`the server wrote a line to stdout that is not a JSON-RPC message: ${line.slice(0, 80)}`),
      );
      return;
    }
    this.onmessage?.(message);
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.onclose?.();
  }
}
