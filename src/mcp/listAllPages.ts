import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { SetupError } from '../model/setupError.js';
import { serverText } from '../model/serverText.js';
import { malformedData, sampleOf } from './malformedAnswer.js';
import { formatBytes } from './processTransport.js';

/**
 * The most pages hintproof follows: 1,000 (a cursor seen before ends the listing at once; the size cap bounds
 * what the pages hold).
 */
const MAX_PAGES = 1000;

/**
 * The most a server may send for one listing (tools/list, resources/list), all pages together: 16 MiB. The
 * largest real servers list a few hundred tools in well under 1 MiB; past the cap hintproof stops reading
 * pages instead of filling memory.
 */
const DEFAULT_MAX_LIST_BYTES = 16 * 2 ** 20;

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

/** One kind of paginated listing: its method, what it lists, and how one page is read. */
export interface Listing<T> {
  /** `tools/list`, `resources/list`. */
  readonly method: string;
  /** What the items are called in messages: `tools`, `resources`. */
  readonly noun: string;
  /** The page's items and cursor, or the first problem with it (`tools.0.name: Required`). */
  readonly page: (raw: unknown) => { items: T[]; nextCursor: string | undefined } | { problem: string };
}

/**
 * Lists every item, following `nextCursor`, within one time budget and one size cap for all pages. Every way it
 * can fail is a SetupError that names what failed: no answer in time (which page), the size cap, a cursor that
 * never ends, a connection cut by the message cap, or an answer that is not a list of the items.
 */
export async function listAllPages<T>(client: Client, listing: Listing<T>, limits: ListLimits): Promise<T[]> {
  const { method, noun } = listing;
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_LIST_BYTES;
  const deadline = Date.now() + limits.timeoutSeconds * 1000;
  const startBytes = limits.bytesReceived?.() ?? 0;
  let measured = 0;
  const items: T[] = [];
  const sofar = (page: number) => `page ${page + 1}; ${items.length} ${noun} received before it`;
  let cursor: string | undefined;
  const cursors = new Set<string>();
  for (let page = 0; page < MAX_PAGES; page++) {
    let raw: unknown;
    try {
      raw = await client.request({ method, params: cursor === undefined ? {} : { cursor } }, ResultSchema, {
        timeout: Math.max(1, deadline - Date.now()),
      });
    } catch (error) {
      throw listFailure(error, method, limits, sofar(page));
    }
    measured += limits.bytesReceived === undefined ? Buffer.byteLength(JSON.stringify(raw)) : 0;
    const bytes = limits.bytesReceived === undefined ? measured : limits.bytesReceived() - startBytes;
    if (bytes > maxBytes) {
      throw new SetupError(
        `${method}: the server sent ${formatBytes(bytes)} over ${page + 1} page(s), past hintproof's ` +
          `${formatBytes(maxBytes)} cap on a whole ${method} (${items.length} ${noun} before the last page). ` +
          'No honest server lists that much; hintproof stopped reading.',
      );
    }
    const read = listing.page(raw);
    if ('problem' in read) {
      throw new SetupError(
        `${method}: the answer is not a list of ${noun} (${sofar(page)}): ${serverText(read.problem)}. ` +
          `Received: ${serverText(sampleOf(raw))}`,
      );
    }
    items.push(...read.items);
    cursor = read.nextCursor;
    if (cursor === undefined) return items;
    if (cursors.has(cursor)) {
      throw new SetupError(
        `${method}: page ${page + 1} returned a nextCursor an earlier page returned ` +
          `(${serverText(cursor, 200)}); received ${items.length} ${noun} so far. Following it would never ` +
          "end: check the server's pagination.",
      );
    }
    cursors.add(cursor);
  }
  throw new SetupError(
    `${method} returned a nextCursor on ${MAX_PAGES} pages in a row, each a new one; received ${items.length} ` +
      `${noun} so far. hintproof follows ${MAX_PAGES} pages at most: check the server's pagination.`,
  );
}

function listFailure(error: unknown, method: string, limits: ListLimits, where: string): SetupError {
  const reason = limits.closeReason?.();
  if (reason !== undefined) {
    return new SetupError(`${method} failed (${where}): ${reason}.`, { cause: error });
  }
  if (error instanceof McpError && error.code === (ErrorCode.RequestTimeout as number)) {
    return new SetupError(
      `The server did not finish answering ${method} within ${limits.timeoutSeconds}s (--startup-timeout; ` +
        `${where}). If it is slow to list its ${method.split('/')[0]}, raise --startup-timeout.`,
      { cause: error },
    );
  }
  const data = malformedData(error);
  if (data !== undefined) {
    return new SetupError(
      `${method}: the answer is malformed (${where}): ${serverText(data.problem)}. ` +
        `Received: ${serverText(data.sample)}`,
      {
        cause: error,
      },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SetupError(`${method} failed (${where}): ${serverText(message)}`, { cause: error });
}
