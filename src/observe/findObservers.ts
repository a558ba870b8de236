import { DEFAULTS } from '../settings/checkSettings.js';
import { createSchemaValidator } from '../generate/schemaValidator.js';
import { declaredHints, effectiveHints } from '../hints/effectiveHints.js';
import type { ResourceInfo, ToolInfo } from '../mcp/index.js';
import type { Observer } from './observer.js';
import { observerKey, RESOURCE_LISTING } from './observer.js';

/** Observers read around each call at most, by default: each read costs a round trip. */
export const DEFAULT_MAX_OBSERVERS: number = DEFAULTS.maxObservers;

/** Longest tool name or resource uri taken as an observer: its key names every change it shows. */
const MAX_NAME_CHARS = 1024;

/**
 * The observers of a server: its tools whose effective `readOnlyHint` is true and that accept `{}` (no required
 * arguments, and `{}` valid against the input schema), called with `{}`, then, when `listing` (the server lists
 * resources, even none yet), the listing itself (`RESOURCE_LISTING`), then its listed resources; tools and
 * resources each sorted by name (code unit order), so the choice does not depend on the order the server lists
 * them in; at most `max` in all, and never two with the same key. Tools come first: a read-only listing tool
 * usually shows the whole state, a resource often one piece of it; the listing before the resources, since it
 * alone shows resources that come and go. Pure.
 */
export function findObservers(
  tools: readonly ToolInfo[],
  resources: readonly ResourceInfo[],
  max = DEFAULT_MAX_OBSERVERS,
  listing = false,
): Observer[] {
  const candidates: Observer[] = [
    ...tools
      .filter(
        (tool) => effectiveHints(declaredHints(tool.annotations)).readOnlyHint && acceptsNoArguments(tool),
      )
      .map((tool) => tool.name)
      .sort(byCodeUnits)
      .map((name): Observer => ({ kind: 'tool', name, args: {} })),
    ...(listing ? [RESOURCE_LISTING] : []),
    ...resources
      .map((resource) => resource.uri)
      .sort(byCodeUnits)
      .map((uri): Observer => ({ kind: 'resource', name: uri })),
  ];
  return takeDistinct(candidates, max);
}

/** The first `max` candidates with distinct keys, leaving out empty and huge names. */
export function takeDistinct(candidates: readonly Observer[], max: number): Observer[] {
  const observers: Observer[] = [];
  const keys = new Set<string>();
  for (const observer of candidates) {
    if (observers.length >= max) break;
    const key = observerKey(observer);
    if (observer.name === '' || key.length > MAX_NAME_CHARS || keys.has(key)) continue;
    keys.add(key);
    observers.push(observer);
  }
  return observers;
}

/** Keywords that never reject an empty object (`required` is checked on its own). */
const PERMISSIVE = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'description',
  'title',
  '$schema',
]);

function isObjectType(schema: object): boolean {
  const type = (schema as { type?: unknown }).type;
  return type === undefined || type === 'object';
}

export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether `{}` is a valid argument object: no `required` at the top, and the schema (as ajv reads it) agrees. */
function acceptsNoArguments(tool: ToolInfo): boolean {
  const schema = tool.inputSchema;
  if (typeof schema !== 'object' || schema === null) return schema === undefined || schema === true;
  const required = (schema as { required?: unknown }).required;
  if (Array.isArray(required) && required.length > 0) return false;
  // The common `{ type: 'object', properties: … }` takes `{}` as it is: no validator to build (tens of ms).
  if (Object.keys(schema).every((keyword) => PERMISSIVE.has(keyword)) && isObjectType(schema)) return true;
  try {
    return createSchemaValidator(schema)({}, schema, '');
  } catch {
    // A schema ajv cannot compile says nothing reliable about `{}`: not an observer.
    return false;
  }
}
