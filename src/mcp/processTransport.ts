import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ServerProcess } from '../../harness/process/index.js';
import { malformedAnswer } from './malformedAnswer.js';

/**
 * The largest JSON-RPC message hintproof accepts from a server: 8 MiB. No honest answer comes near it (a tool
 * result is read by a model: 8 MiB of text is some two million tokens; the largest tools/list in the test
 * corpus is 85 KB); past it the connection ends, with the reason, instead of filling memory.
 */
const DEFAULT_MAX_MESSAGE_BYTES = 8 * 2 ** 20;

/**
 * An MCP transport over a process spawned by the harness (newline-delimited JSON-RPC on stdin/stdout).
 * Unlike the SDK's StdioClientTransport it does not own the process, so the harness can run it in its own
 * process group and kill the whole tree; it keeps the lines that were not JSON-RPC, to explain failures; it
 * reads bytes, so a message is measured (and capped) in bytes, scanning each byte once; and it turns an
 * answer to a request that is not valid JSON-RPC into an error for that request (`malformedAnswer`), so the
 * request ends at once instead of waiting out its time-out.
 */
export class ProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #process: ServerProcess;
  /** The parts of the line being read (no newline yet), and their total size. */
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #received = 0;
  readonly #garbage: string[] = [];
  #closed = false;
  #closeReason: string | undefined;

  /** `maxMessageBytes`: a message longer than this (default 8 MiB) ends the connection instead of filling memory. */
  constructor(
    process: ServerProcess,
    private readonly maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES,
  ) {
    this.#process = process;
  }

  /** Why the transport closed itself (an oversized message), if it did. */
  closeReason(): string | undefined {
    return this.#closeReason;
  }

  /** Bytes read from the server's stdout so far. */
  bytesReceived(): number {
    return this.#received;
  }

  start(): Promise<void> {
    this.#process.stdout.on('data', (chunk: Buffer | string) => {
      if (!this.#closed) this.#read(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
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

  #read(chunk: Buffer): void {
    this.#received += chunk.length;
    let start = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      this.#append(chunk.subarray(start, newline));
      if (this.#closed) return;
      const line = Buffer.concat(this.#pending, this.#pendingBytes).toString('utf8').replace(/\r$/, '');
      this.#pending = [];
      this.#pendingBytes = 0;
      if (line.trim() !== '') this.#receive(line);
      if (this.#closed) return;
      start = newline + 1;
    }
    if (start < chunk.length) this.#append(chunk.subarray(start));
  }

  /** Adds part of a line, or ends the connection when the line outgrows the cap. */
  #append(part: Buffer): void {
    this.#pendingBytes += part.length;
    if (this.#pendingBytes > this.maxMessageBytes) {
      this.#closeReason =
        `the server sent a message over the ${formatBytes(this.maxMessageBytes)} cap on any one message; ` +
        'hintproof stopped reading it';
      this.#pending = [];
      this.#pendingBytes = 0;
      // Nothing more is read: the server blocks on a full pipe until its session kills it.
      this.#process.stdout.pause();
      this.#close();
      return;
    }
    if (part.length > 0) this.#pending.push(part);
  }

  #receive(line: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.#reject(line);
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(envelopeOnly(parsed));
    if (message.success) {
      this.onmessage?.(message.data);
      return;
    }
    // An answer to one of our requests, but not valid JSON-RPC (a plain-string result…): fail that request.
    const answer = malformedAnswer(parsed);
    if (answer !== undefined) this.onmessage?.(answer);
    else this.#reject(line);
  }

  #reject(line: string): void {
    if (this.#garbage.length < 5) this.#garbage.push(line.length > 200 ? `${line.slice(0, 197)}...` : line);
    this.onerror?.(
      new Error(`the server wrote a line to stdout that is not a JSON-RPC message: ${line.slice(0, 80)}`),
    );
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.onclose?.();
  }
}

/** The members a JSON-RPC 2.0 message may have. */
const ENVELOPE_KEYS: ReadonlySet<string> = new Set(['jsonrpc', 'id', 'method', 'params', 'result', 'error']);

/**
 * A message without members JSON-RPC does not define: JSON-RPC 2.0 lists a message's members but forbids no
 * others, and neither does MCP's schema, while the SDK's envelope schema is strict and would fail the request
 * for one extra key. What the extra members held is not read.
 */
function envelopeOnly(parsed: unknown): unknown {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return parsed;
  const keys = Object.keys(parsed);
  if (keys.every((key) => ENVELOPE_KEYS.has(key))) return parsed;
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => ENVELOPE_KEYS.has(key)));
}

/** `8 MiB`, `21.3 MiB`, `512 KiB`, `100 bytes`. */
export function formatBytes(bytes: number): string {
  const [unit, size] =
    bytes >= 2 ** 20 ? ['MiB', 2 ** 20] : bytes >= 2 ** 10 ? ['KiB', 2 ** 10] : ['bytes', 1];
  const value = bytes / size;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}
