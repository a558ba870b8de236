import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema, ErrorCode, McpError, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallOutcome } from '../model/callOutcome.js';
import { NEUTRAL_CLIENT } from './clientIdentity.js';
import type { ClientIdentity } from './clientIdentity.js';
import { listAllTools } from './listAllTools.js';
import type { ToolInfo } from './listAllTools.js';
import { malformedData, sampleOf } from './malformedAnswer.js';

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
  const server = { name: info?.name ?? '(unnamed server)', version: info?.version ?? '(no version)' };
  const isAlive = options.isAlive ?? (() => true);

  const callTool = async (name: string, args: Record<string, unknown>, timeoutSeconds: number) => {
    try {
      // A plain request, not client.callTool: hintproof observes effects, so a result that does not match the
      // tool's outputSchema is still a result. Any object is accepted here and checked below, so that an
      // answer that is not a tool result is reported as such.
      const result = await client.request(
        { method: 'tools/call', params: { name, arguments: args } },
        ResultSchema,
        { timeout: timeoutSeconds * 1000 },
      );
      return returned(result);
    } catch (error) {
      const outcome = failed(error, timeoutSeconds, isAlive());
      const reason = options.closeReason?.();
      return outcome.status === 'crashed' && reason !== undefined ? { ...outcome, message: reason } : outcome;
    }
  };

  const close = () => client.close();
  return {
    server,
    listTools: () =>
      listAllTools(client, {
        timeoutSeconds: options.startupTimeoutSeconds,
        ...(options.maxListBytes === undefined ? {} : { maxBytes: options.maxListBytes }),
        ...(options.bytesReceived === undefined ? {} : { bytesReceived: options.bytesReceived }),
        ...(options.closeReason === undefined ? {} : { closeReason: options.closeReason }),
      }),
    callTool,
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** A tool result as an outcome; anything that is not one (content that is not a list of blocks…) is malformed. */
function returned(raw: unknown): CallOutcome {
  const parsed = CallToolResultSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      status: 'malformed',
      problem: issue ? `${issue.path.join('.') || 'result'}: ${issue.message}` : 'not a tool result',
      sample: sampleOf(raw),
    };
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
