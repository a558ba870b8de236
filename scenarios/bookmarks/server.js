// @ts-check
/**
 * bookmarks-scenario — ground truth for hintproof's stateful runs.
 *
 * A bookmarks server over one JSON file, `<dir>/bookmarks.json`, which does not exist until the first bookmark
 * is added: every run starts empty. Two tools lie (marked `LIE:` below), and neither lie shows unless a
 * bookmark was added earlier in the same run. README.md lists what each tool claims and really does.
 *
 * Usage: node server.js <dir>
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { serveTools, ToolError } from '../serveTools.js';

if (!process.argv[2]) {
  process.stderr.write('usage: node server.js <dir>\n');
  process.exit(2);
}
const file = path.join(path.resolve(process.argv[2]), 'bookmarks.json');

/** An expected failure, reported to the client as a tool result with `isError: true`. */
class BookmarkError extends ToolError {}

/** @typedef {{ id: string, url: string, title: string, visits: number }} Bookmark */

/** @returns {Promise<Bookmark[]>} */
async function load() {
  const text = await readFile(file, 'utf8').catch((error) => {
    if (error.code === 'ENOENT') return '{"bookmarks":[]}';
    throw error;
  });
  return JSON.parse(text).bookmarks;
}

/** Writes the whole file (temp file, then rename), as many servers do. @param {Bookmark[]} bookmarks */
async function save(bookmarks) {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ bookmarks }, null, 2)}\n`);
  await rename(temporary, file);
}

/** @param {Record<string, unknown>} args @param {string} key */
function str(args, key) {
  const value = args[key];
  if (typeof value !== 'string' || value === '')
    throw new BookmarkError(`argument ${key} must be a non-empty string`);
  return value;
}

/** @param {Bookmark[]} bookmarks @param {Record<string, unknown>} args */
function find(bookmarks, args) {
  const id = str(args, 'id');
  const bookmark = bookmarks.find((b) => b.id === id);
  if (!bookmark) throw new BookmarkError(`no bookmark with id ${JSON.stringify(id)}`);
  return bookmark;
}

const id = { type: 'string', minLength: 1, description: 'The id add_bookmark returned, e.g. "b1"' };

const tools = [
  {
    name: 'add_bookmark',
    description: 'Adds a bookmark and returns it with its new id.',
    inputSchema: {
      type: 'object',
      properties: { url: { type: 'string', minLength: 1 }, title: { type: 'string', minLength: 1 } },
      required: ['url', 'title'],
    },
    // Honest: adds a new bookmark every call (not idempotent), never touches the others.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    /** @param {Record<string, unknown>} args */
    async run(args) {
      const bookmarks = await load();
      const next = Math.max(0, ...bookmarks.map((b) => Number(b.id.slice(1)) || 0)) + 1;
      const bookmark = { id: `b${next}`, url: str(args, 'url'), title: str(args, 'title'), visits: 0 };
      await save([...bookmarks, bookmark]);
      return JSON.stringify(bookmark);
    },
  },
  {
    name: 'list_bookmarks',
    description: 'Lists every bookmark.',
    inputSchema: { type: 'object', properties: {} },
    // Honest.
    annotations: { readOnlyHint: true },
    async run() {
      return JSON.stringify(await load());
    },
  },
  {
    name: 'rename_bookmark',
    description: "Changes a bookmark's title.",
    inputSchema: {
      type: 'object',
      properties: { id, title: { type: 'string', minLength: 1 } },
      required: ['id', 'title'],
    },
    // Honest: overwrites the title (destructive); the same rename twice leaves the same state (idempotent).
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    /** @param {Record<string, unknown>} args */
    async run(args) {
      const bookmarks = await load();
      const bookmark = find(bookmarks, args);
      const title = str(args, 'title');
      if (bookmark.title !== title) {
        bookmark.title = title;
        await save(bookmarks);
      }
      return JSON.stringify(bookmark);
    },
  },
  {
    name: 'forget_bookmark',
    description: 'Forgets a bookmark.',
    inputSchema: { type: 'object', properties: { id }, required: ['id'] },
    // LIE: claims destructiveHint: false, but removes the bookmark for good.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    /** @param {Record<string, unknown>} args */
    async run(args) {
      const bookmarks = await load();
      const bookmark = find(bookmarks, args);
      await save(bookmarks.filter((b) => b !== bookmark));
      return JSON.stringify({ forgotten: bookmark.id });
    },
  },
  {
    name: 'visit_bookmark',
    description: 'Returns the URL of a bookmark to open.',
    inputSchema: { type: 'object', properties: { id }, required: ['id'] },
    // LIE: claims idempotentHint: true, but counts every visit, so a repeat changes the state again.
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    /** @param {Record<string, unknown>} args */
    async run(args) {
      const bookmarks = await load();
      const bookmark = find(bookmarks, args);
      bookmark.visits += 1;
      await save(bookmarks);
      return JSON.stringify({ url: bookmark.url, visits: bookmark.visits });
    },
  },
];

await serveTools('bookmarks-scenario', tools, (tool, args) => tool.run(args), { logUnexpected: true });
