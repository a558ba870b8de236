import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { McpConnection, ResourceInfo } from '../mcp/index.js';
import { inertText } from '../model/inertText.js';
import { shorten } from '../../harness/index.js';
import type { ObservedEntry } from './observer.js';
import { OBSERVED_ENVIRONMENT, RESOURCE_LISTING } from './observer.js';

/**
 * The most resources one read of the listing observer shows: past it the read fails (and calibration leaves
 * the listing out, saying so), since a listing cut short would show resources "vanishing" past the cut.
 */
export const MAX_LISTED_RESOURCES = 1000;

/** Longest uri kept whole in an entity; longer ones are cut, with a hash that keeps them apart. */
const URI_CHARS = 256;

/** Longest name, title or description kept; what the listing says past it is not compared. */
const FIELD_CHARS = 200;

/**
 * One read of the resource listing (`resources/list`, every page, as `connection.listResources` follows
 * `nextCursor`) as an observer's text (`listingText`), within `timeoutSeconds`. Never throws: a failed or
 * late listing, or one past `MAX_LISTED_RESOURCES`, is an `{ error }` entry.
 */
export async function readListing(connection: McpConnection, timeoutSeconds: number): Promise<ObservedEntry> {
  const controller = new AbortController();
  try {
    const listed = await Promise.race([
      connection.listResources(),
      sleep(timeoutSeconds * 1000, undefined, { signal: controller.signal }),
    ]);
    if (listed === undefined) return { error: `resources/list did not answer within ${timeoutSeconds}s` };
    return listingText(listed);
  } catch (error) {
    return { error: `resources/list failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    controller.abort();
  }
}

/**
 * The listing as JSON text, one record per uri in uri order: `{"id": <uri>, "name", "title", "mimeType",
 * "size", "description"}` (those the listing gives). The uri is the record's identity (`id`, so that the JSON
 * diff pairs records by it: a new uri is an `add`, a vanished one a `delete`, another name or size a `modify`).
 * Server text is untrusted: each uri is made inert (`inertText`: one line, control and invisible characters
 * escaped) and cut past `URI_CHARS` with a hash; other fields are inert and cut past `FIELD_CHARS`. A uri
 * listed twice counts once (its first record). Past `MAX_LISTED_RESOURCES` resources, an error. Pure.
 */
export function listingText(resources: readonly ResourceInfo[]): ObservedEntry {
  if (resources.length > MAX_LISTED_RESOURCES) {
    return {
      error:
        `resources/list lists ${resources.length} resources, past hintproof's cap of ${MAX_LISTED_RESOURCES} ` +
        'on the listing observer',
    };
  }
  const records = new Map<string, Record<string, string | number>>();
  for (const resource of resources) {
    const id = safeUri(resource.uri);
    if (records.has(id)) continue;
    const record: Record<string, string | number> = { id, name: field(resource.name) };
    if (resource.title !== undefined) record.title = field(resource.title);
    if (resource.mimeType !== undefined) record.mimeType = field(resource.mimeType);
    if (resource.size !== undefined && Number.isFinite(resource.size)) record.size = resource.size;
    if (resource.description !== undefined) record.description = field(resource.description);
    records.set(id, record);
  }
  const sorted = [...records.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { text: JSON.stringify(sorted.map(([, record]) => record)) };
}

/** The uris (as `listingText` shows them) of one read of the listing, or `undefined` when it is no listing. */
function listedIds(text: string): Set<string> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return undefined;
    return new Set(parsed.map((record) => String((record as { id?: unknown }).id)));
  } catch {
    return undefined;
  }
}

/**
 * Why reads of the listing (with nothing called between them) show it changing as a whole: a resource that
 * appeared or vanished between two of them; `undefined` when every read lists the same uris. Pure.
 */
export function membershipMoved(texts: readonly string[]): string | undefined {
  for (let index = 1; index < texts.length; index++) {
    const change = membershipChange(RESOURCE_LISTING.name, texts[index - 1] ?? '', texts[index] ?? '');
    if (change !== undefined) return `${change} between two reads`;
  }
  return undefined;
}

/**
 * The first resource that appeared or vanished between two reads of the listing (`key`: its observer key),
 * as a change line (`add observed:resources/list#/[id=log://entry/4]`); `undefined` when both list the same
 * uris. A read that is no listing counts as a change. Pure.
 */
export function membershipChange(key: string, before: string, after: string): string | undefined {
  const old = listedIds(before);
  const now = listedIds(after);
  if (old === undefined || now === undefined)
    return old === now ? undefined : `modify ${OBSERVED_ENVIRONMENT}:${key}`;
  const added = [...now].find((id) => !old.has(id));
  const removed = [...old].find((id) => !now.has(id));
  if (added !== undefined) return `add ${OBSERVED_ENVIRONMENT}:${key}#/[id=${shorten(added, 80, true)}]`;
  if (removed !== undefined)
    return `delete ${OBSERVED_ENVIRONMENT}:${key}#/[id=${shorten(removed, 80, true)}]`;
  return undefined;
}

/** A uri as an entity may show it: inert, and cut (with a hash of the whole) when long. */
function safeUri(uri: string): string {
  const inert = inertText(uri);
  if (inert.length <= URI_CHARS) return inert;
  const hash = createHash('sha256').update(uri).digest('hex').slice(0, 8);
  return `${inert.slice(0, URI_CHARS - 10)}…#${hash}`;
}

function field(text: string): string {
  const inert = inertText(text);
  return inert.length <= FIELD_CHARS ? inert : `${inert.slice(0, FIELD_CHARS - 1)}…`;
}
