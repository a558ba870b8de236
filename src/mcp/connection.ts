import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createHash } from 'node:crypto';
import {
  CallToolResultSchema,
  ErrorCode,
  McpError,
  ReadResourceResultSchema,
  ResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { CallOutcome } from '../model/callOutcome.js';
import { boundText } from '../model/serverText.js';
import { NEUTRAL_CLIENT } from './clientIdentity.js';
import type { ClientIdentity } from './clientIdentity.js';
import { listAllResources, listAllResourceTemplates } from './listAllResources.js';
import type { ResourceInfo, ResourceTemplateInfo } from './listAllResources.js';
import { listAllTools } from './listAllTools.js';
import type { ToolInfo } from './listAllTools.js';
import { firstIssue, malformedData, sampleOf } from './malformedAnswer.js';

export interface ServerIdentity {
  readonly name: string;
  readonly version: string;
}

/** An initialised MCP client session with one server. */
export interface McpConnection extends AsyncDisposable {
  readonly server: ServerIdentity;
  /**
   * Every tool, following `nextCursor` pages, within `--startup-timeout` and the tools/list size cap; throws a
   * SetupError that names what failed.
   */
  listTools(): Promise<ToolInfo[]>;
  /** Calls a tool; never throws: every way a call can end is a CallOutcome. */
  callTool(name: string, args: Record<string, unknown>, timeoutSeconds: number): Promise<CallOutcome>;
  /**
   * Every resource, following `nextCursor` pages, within `--startup-timeout` and the same size cap as
   * tools/list; none when the server did not declare the `resources` capability. Throws a SetupError that
   * names what failed.
   */
  listResources(): Promise<ResourceInfo[]>;
  /** Every resource template (`resources/templates/list`), bounded and failing like `listResources`. */
  listResourceTemplates(): Promise<ResourceTemplateInfo[]>;
  /** Whether the server declared the `resources` capability (so `listResources` asks it). */
  declaresResources?(): boolean;
  /**
   * Reads a resource; never throws. Its text contents, joined by newlines, are a `returned` outcome's `text`
   * (`isError` false); a binary content block is one line naming its type, size and digest. A JSON-RPC error
   * (no such resource) is `rejected`.
   */
  readResource(uri: string, timeoutSeconds: number): Promise<CallOutcome>;
  /**
   * One round trip (`ping`): resolves once the server answered, however (an error answer is an answer: its
   * event loop ran), or after `timeoutSeconds`. Never throws. A server that let one ping time out is not
   * pinged again: later pings resolve at once.
   */
  ping(timeoutSeconds: number): Promise<void>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** The `clientInfo` sent at initialize (default: NEUTRAL_CLIENT, which does not say hintproof). */
  readonly client?: ClientIdentity;
  /** How long the server may take to answer `initialize`, and again to answer tools/list (all pages). */
  readonly startupTimeoutSeconds: number;
  /** Whether the connection is still up (e.g. the server process has not exited). */
  readonly isAlive?: () => boolean;
  /** Why the transport closed itself, if it did (e.g. an oversized reply): said in the call's outcome. */
  readonly closeReason?: () => string | undefined;
  /** What the server last wrote to stderr: a call it crashed in says how the server's stderr ended. */
  readonly stderrTail?: () => string;
  /** Bytes received from the server so far (the transport's count), to cap tools/list by what was sent. */
  readonly bytesReceived?: () => number;
  /** The cap on a whole tools/list, all pages together (default DEFAULT_MAX_LIST_BYTES). */
  readonly maxListBytes?: number;
}

/**
 * Connects an SDK client over any transport (a spawned process, or in-memory for the library API) and runs
 * the initialize handshake. The client advertises no capabilities, roots in particular: server-filesystem
 * replaces its allowed directories with a client's roots.
 */
export async function connect(transport: Transport, options: ConnectOptions): Promise<McpConnection> {
  const { name, version } = options.client ?? NEUTRAL_CLIENT;
  const client = new Client({ name, version }, { capabilities: {} });
  // Transport errors (a garbage line on stdout) surface through the calls they break; keep them from
  // becoming unhandled.
  client.onerror = () => {};
  try {
    await client.connect(transport, { timeout: options.startupTimeoutSeconds * 1000 });
  } catch (error) {
    // A connection the transport cut itself (an oversized message) says why, not just "Connection closed".
    const reason = options.closeReason?.();
    throw reason === undefined ? error : new Error(reason, { cause: error });
  }
  const info = client.getServerVersion();
  // Its identity, as sent but bounded: it is in every report, the JSON one included.
  const server = {
    name: boundText(info?.name ?? '(unnamed server)', IDENTITY_CHARS),
    version: boundText(info?.version ?? '(no version)', IDENTITY_CHARS),
  };
  const isAlive = options.isAlive ?? (() => true);

  /** Sends one request bounded by `timeoutSeconds`; its answer as `answered` makes it, or how it failed. */
  const request = async (
    message: { method: string; params: Record<string, unknown> },
    timeoutSeconds: number,
    answered: (raw: unknown) => CallOutcome,
  ): Promise<CallOutcome> => {
    try {
      return answered(await client.request(message, ResultSchema, { timeout: timeoutSeconds * 1000 }));
    } catch (error) {
      const outcome = failed(error, timeoutSeconds, isAlive());
      if (outcome.status !== 'crashed') return outcome;
      const reason = options.closeReason?.();
      if (reason !== undefined) return { ...outcome, message: reason };
      return { ...outcome, message: await withStderr(outcome.message, options.stderrTail) };
    }
  };

  // A plain request, not client.callTool: hintproof observes effects, so a result that does not match the
  // tool's outputSchema is still a result. Any object is accepted by the request and checked by `returned`,
  // so that an answer that is not a tool result is reported as such.
  const callTool = (name: string, args: Record<string, unknown>, timeoutSeconds: number) =>
    request({ method: 'tools/call', params: { name, arguments: args } }, timeoutSeconds, returned);
  const readResource = (uri: string, timeoutSeconds: number) =>
    request({ method: 'resources/read', params: { uri } }, timeoutSeconds, resourceRead);
  const listLimits = {
    timeoutSeconds: options.startupTimeoutSeconds,
    ...(options.maxListBytes === undefined ? {} : { maxBytes: options.maxListBytes }),
    ...(options.bytesReceived === undefined ? {} : { bytesReceived: options.bytesReceived }),
    ...(options.closeReason === undefined ? {} : { closeReason: options.closeReason }),
  };

  let pingsAnswered = true;
  const ping = async (timeoutSeconds: number) => {
    if (!pingsAnswered || !isAlive()) return;
    try {
      await client.ping({ timeout: timeoutSeconds * 1000 });
    } catch (error) {
      if (error instanceof McpError && error.code === (ErrorCode.RequestTimeout as number))
        pingsAnswered = false;
    }
  };

  const close = () => client.close();
  return {
    server,
    listTools: () => listAllTools(client, listLimits),
    callTool,
    listResources: async () =>
      client.getServerCapabilities()?.resources === undefined ? [] : listAllResources(client, listLimits),
    listResourceTemplates: async () =>
      client.getServerCapabilities()?.resources === undefined
        ? []
        : listAllResourceTemplates(client, listLimits),
    declaresResources: () => client.getServerCapabilities()?.resources !== undefined,
    readResource,
    ping,
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** A tool result as an outcome; anything that is not one (content that is not a list of blocks…) is malformed. */
function returned(raw: unknown): CallOutcome {
  const parsed = CallToolResultSchema.safeParse(raw);
  if (!parsed.success) {
    const problem = firstIssue(parsed.error.issues, 'not a tool result');
    return { status: 'malformed', problem, sample: sampleOf(raw) };
  }
  const result = parsed.data;
  const text = result.content
    .map((block) => (block.type === 'text' ? block.text : ''))
    .filter((part) => part !== '')
    .join('\n');
  return {
    status: 'returned',
    isError: result.isError === true,
    text,
    ...(result.structuredContent === undefined ? {} : { structuredContent: result.structuredContent }),
  };
}

/**
 * A resources/read answer as an outcome: the text of each content block, a binary block as one line that names
 * it (`(binary image/png, 120 bytes, sha256 3f2a…)`), joined by newlines; anything else is malformed.
 */
function resourceRead(raw: unknown): CallOutcome {
  const parsed = ReadResourceResultSchema.safeParse(raw);
  if (!parsed.success) {
    return { status: 'malformed', problem: firstIssue(parsed.error.issues), sample: sampleOf(raw) };
  }
  const text = parsed.data.contents
    .map((content) => {
      if ('text' in content && typeof content.text === 'string') return content.text;
      const blob = 'blob' in content && typeof content.blob === 'string' ? content.blob : '';
      const bytes = Buffer.from(blob, 'base64');
      const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      return `(binary ${content.mimeType ?? 'content'}, ${bytes.length} bytes, sha256 ${digest})`;
    })
    .join('\n');
  return { status: 'returned', isError: false, text };
}

/** The most of a server's name or version kept. */
const IDENTITY_CHARS = 1000;

/** The lines of stderr a crash's message ends with, at most. */
const STDERR_LINES = 8;

/**
 * A crash's message followed by how the server's stderr ended (its last lines, after a moment for the pipe to
 * drain), when it wrote any.
 */
async function withStderr(message: string, stderrTail: (() => string) | undefined): Promise<string> {
  if (stderrTail === undefined) return message;
  await new Promise((resolve) => setTimeout(resolve, 100));
  const lines = stderrTail()
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '');
  if (lines.length === 0) return `${message}; the server wrote nothing to stderr`;
  return `${message}; the server's stderr ended with:\n${lines.slice(-STDERR_LINES).join('\n')}`;
}

function failed(error: unknown, timeoutSeconds: number, alive: boolean): CallOutcome {
  if (error instanceof McpError && error.code === (ErrorCode.RequestTimeout as number)) {
    return { status: 'timeout', seconds: timeoutSeconds };
  }
  const malformed = malformedData(error);
  if (malformed !== undefined) return { status: 'malformed', ...malformed };
  const message = error instanceof Error ? error.message : String(error);
  if (!alive || (error instanceof McpError && error.code === (ErrorCode.ConnectionClosed as number))) {
    return { status: 'crashed', message };
  }
  if (error instanceof McpError) return { status: 'rejected', message };
  return { status: 'crashed', message };
}
