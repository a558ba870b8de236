import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, ListToolsResultSchema, McpError, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { SetupError } from '../model/setupError.js';
import { malformedData, sampleOf } from './malformedAnswer.js';
import { formatBytes } from './processTransport.js';

/** What hintproof needs of a tool from `tools/list`. */
export interface ToolInfo {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: unknown;
  /** The annotations object as sent (possibly absent or partial). */
  readonly annotations: unknown;
}

/** The most pages hintproof follows before deciding a server's cursor never ends. */
const MAX_PAGES = 100;

/**
 * The most a server may send for tools/list, all pages together: 16 MiB. The largest real servers list a few
 * hundred tools in well under 1 MiB; past the cap hintproof stops reading pages instead of filling memory.
 */
export const DEFAULT_MAX_LIST_BYTES = 16 * 2 ** 20;

export interface ListLimits {
  /** Seconds the whole listing (every page) may take: `--startup-timeout`. */
  readonly timeoutSeconds: number;
  /** The cap on all pages together (default DEFAULT_MAX_LIST_BYTES). */
  readonly maxBytes?: number;
  /** Bytes received from the server so far, when the transport counts them; else each page is measured as JSON. */
  readonly bytesReceived?: () => number;
  /** Why the transport closed itself (an oversized message), if it did. */
  readonly closeReason?: () => string | undefined;
}

/**
 * Lists every tool, following `nextCursor`, within one time budget and one size cap for all pages. Every way it
 * can fail is a SetupError that names what failed: no answer in time (which page), the size cap, a cursor that
 * never ends, a connection cut by the message cap, or an answer that is not a list of tools.
 */
export async function listAllTools(client: Client, limits: ListLimits): Promise<ToolInfo[]> {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_LIST_BYTES;
  const deadline = Date.now() + limits.timeoutSeconds * 1000;
  const startBytes = limits.bytesReceived?.() ?? 0;
  let measured = 0;
  const tools: ToolInfo[] = [];
  const sofar = (page: number) => `page ${page + 1}; ${tools.length} tools received before it`;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    let raw: unknown;
    try {
      raw = await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        ResultSchema,
        { timeout: Math.max(1, deadline - Date.now()) },
      );
    } catch (error) {
      throw listFailure(error, limits, sofar(page));
    }
    measured += limits.bytesReceived === undefined ? Buffer.byteLength(JSON.stringify(raw)) : 0;
    const bytes = limits.bytesReceived === undefined ? measured : limits.bytesReceived() - startBytes;
    if (bytes > maxBytes) {
      throw new SetupError(
        `tools/list: the server sent ${formatBytes(bytes)} over ${page + 1} page(s), past hintproof's ` +
          `${formatBytes(maxBytes)} cap on a whole tools/list (${tools.length} tools before the last page). ` +
          'No honest server lists that much; hintproof stopped reading.',
      );
    }
    const result = ListToolsResultSchema.safeParse(raw);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new SetupError(
        `tools/list: the answer is not a list of tools (${sofar(page)}): ` +
          `${issue ? `${issue.path.join('.') || 'result'}: ${issue.message}` : 'invalid'}. Received: ${sampleOf(raw)}`,
      );
    }
    for (const tool of result.data.tools) {
      tools.push({
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        inputSchema: tool.inputSchema,
        annotations: tool.annotations,
      });
    }
    cursor = result.data.nextCursor;
    if (cursor === undefined) return tools;
  }
  throw new SetupError(
    `tools/list returned a nextCursor on ${MAX_PAGES} pages in a row; received ${tools.length} tools so far. ` +
      'The server probably returns the same cursor forever: check its pagination.',
  );
}

function listFailure(error: unknown, limits: ListLimits, where: string): SetupError {
  const reason = limits.closeReason?.();
  if (reason !== undefined) {
    return new SetupError(`tools/list failed (${where}): ${reason}.`, { cause: error });
  }
  if (error instanceof McpError && error.code === (ErrorCode.RequestTimeout as number)) {
    return new SetupError(
      `The server did not finish answering tools/list within ${limits.timeoutSeconds}s (--startup-timeout; ` +
        `${where}). If it is slow to list its tools, raise --startup-timeout.`,
      { cause: error },
    );
  }
  const data = malformedData(error);
  if (data !== undefined) {
    return new SetupError(
      `tools/list: the answer is malformed (${where}): ${data.problem}. Received: ${data.sample}`,
      { cause: error },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SetupError(`tools/list failed (${where}): ${message}`, { cause: error });
}
