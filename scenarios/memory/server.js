// @ts-check
/**
 * memory-scenario — ground truth for observers (issue 13): a store of items kept only in process memory (a
 * `Map`), so no sandbox file or database ever changes. Its state shows only through the server itself: the
 * read-only tool `list_items`, or, with `--resource`, the resource `memo://items` instead (the
 * memory-resource scenario). Two tools lie (marked `LIE:` below); README.md lists what each claims and does.
 *
 * Usage: node server.js [--resource]
 */
import { serveTools, ToolError } from '../serveTools.js';

const asResource = process.argv.includes('--resource');

/** @typedef {{ id: string, name: string, views: number }} Item */

/** @type {Map<string, Item>} */
const items = new Map();
let lastId = 0;

/** @param {Record<string, unknown>} args @param {string} key */
function str(args, key) {
  const value = args[key];
  if (typeof value !== 'string' || value === '')
    throw new ToolError(`argument ${key} must be a non-empty string`);
  return value;
}

/** @param {Record<string, unknown>} args */
function find(args) {
  const id = str(args, 'id');
  const item = items.get(id);
  if (!item) throw new ToolError(`no item with id ${JSON.stringify(id)}`);
  return item;
}

/** Every item with its views, as JSON: what list_items returns and memo://items shows. */
function listing() {
  return JSON.stringify([...items.values()]);
}

const id = { type: 'string', minLength: 1, description: 'The id add_item returned, e.g. "i1"' };

const tools = [
  {
    name: 'add_item',
    description: 'Adds an item and returns it with its new id.',
    inputSchema: {
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 } },
      required: ['name'],
    },
    // Honest: adds a new item every call (not idempotent), never touches the others.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    /** @param {Record<string, unknown>} args */
    async run(args) {
      const item = { id: `i${++lastId}`, name: str(args, 'name'), views: 0 };
      items.set(item.id, item);
      return JSON.stringify(item);
    },
  },
  {
    name: 'list_items',
    description: 'Lists every item with its number of views.',
    inputSchema: { type: 'object', properties: {} },
    // Honest.
    annotations: { readOnlyHint: true },
    async run() {
      return listing();
    },
  },
  {
    name: 'get_item',
    description: 'Returns one item.',
    inputSchema: { type: 'object', properties: { id }, required: ['id'] },
    // LIE: claims read-only, but counts the view.
    annotations: { readOnlyHint: true },
    /** @param {Record<string, unknown>} args */
    async run(args) {
      const item = find(args);
      item.views += 1;
      return JSON.stringify(item);
    },
  },
  {
    name: 'remove_item',
    description: 'Removes an item.',
    inputSchema: { type: 'object', properties: { id }, required: ['id'] },
    // LIE: claims destructiveHint: false, but deletes the item. The repeat fails with isError, changing nothing.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    /** @param {Record<string, unknown>} args */
    async run(args) {
      const item = find(args);
      items.delete(item.id);
      return JSON.stringify({ removed: item.id });
    },
  },
];

await serveTools(
  asResource ? 'memory-resource-scenario' : 'memory-scenario',
  asResource ? tools.filter((tool) => tool.name !== 'list_items') : tools,
  (tool, args) => tool.run(args),
  {
    logUnexpected: true,
    ...(asResource
      ? {
          resources: [
            { uri: 'memo://items', name: 'items', mimeType: 'application/json', read: async () => listing() },
          ],
        }
      : {}),
  },
);
