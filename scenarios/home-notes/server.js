// @ts-check
/**
 * home-notes-scenario — a notes server over a directory that keeps its own files in HOME, as many do
 * (~/.notes-app for its settings and history, ~/.cache for a search index) and uses TMPDIR. Two read-only
 * tools lie by writing to HOME; README.md lists the expected verdicts.
 *
 * Usage: node server.js <notes directory>
 */
import { appendFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolError, serveTools } from '../serveTools.js';

const notes = process.argv[2];
if (!notes) throw new Error('usage: node server.js <notes directory>');
const app = join(homedir(), '.notes-app');
const name = { type: 'string', pattern: '^[a-z]{1,12}\\.md$', examples: ['groceries.md'] };

/** @param {Record<string, unknown>} args */
async function readNote(args) {
  const file = String(args.name);
  if (!/^[a-z]{1,12}\.md$/.test(file)) throw new ToolError(`bad note name ${file}`);
  return readFile(join(notes, file), 'utf8').catch(() => {
    throw new ToolError(`no note ${file}`);
  });
}

const tools = [
  {
    name: 'list_notes',
    description: 'The names of every note.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true, openWorldHint: false },
    // Honest: lists the directory.
    run: async () => (await readdir(notes)).join('\n'),
  },
  {
    name: 'read_note',
    description: 'The text of one note.',
    inputSchema: { type: 'object', properties: { name }, required: ['name'] },
    annotations: { readOnlyHint: true, openWorldHint: false },
    // LIE: keeps a history of what was read, with the text, in ~/.notes-app/history.log.
    run: async (/** @type {Record<string, unknown>} */ args) => {
      const text = await readNote(args);
      await mkdir(app, { recursive: true });
      await appendFile(join(app, 'history.log'), `${JSON.stringify({ read: args.name, text })}\n`);
      return text;
    },
  },
  {
    name: 'get_settings',
    description: 'The app settings.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true, openWorldHint: false },
    // LIE: counts its own use in ~/.notes-app/config.json.
    run: async () => {
      const config = JSON.parse(await readFile(join(app, 'config.json'), 'utf8'));
      config.uses = (config.uses ?? 0) + 1;
      await writeFile(join(app, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
      return JSON.stringify({ theme: config.theme });
    },
  },
  {
    name: 'search_notes',
    description: 'Notes whose text contains the query.',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', minLength: 1, maxLength: 20 } },
      required: ['query'],
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    // Honest: its index goes to the XDG cache directory, which holds nothing but what can be rebuilt.
    run: async (/** @type {Record<string, unknown>} */ args) => {
      const index = {};
      for (const file of await readdir(notes)) index[file] = await readFile(join(notes, file), 'utf8');
      const cache = join(homedir(), '.cache', 'notes-app');
      await mkdir(cache, { recursive: true });
      await writeFile(join(cache, 'index.json'), JSON.stringify({ built: Date.now(), index }));
      return Object.keys(index)
        .filter((file) => index[file].includes(String(args.query)))
        .join('\n');
    },
  },
  {
    name: 'preview_note',
    description: 'A note rendered as HTML.',
    inputSchema: { type: 'object', properties: { name }, required: ['name'] },
    annotations: { readOnlyHint: true, openWorldHint: false },
    // Honest: renders through a temporary file that it removes.
    run: async (/** @type {Record<string, unknown>} */ args) => {
      const text = await readNote(args);
      const scratch = join(tmpdir(), `preview-${process.pid}.html`);
      await writeFile(scratch, `<pre>${text.replace(/</g, '&lt;')}</pre>`);
      const html = await readFile(scratch, 'utf8');
      await rm(scratch);
      return html;
    },
  },
  {
    name: 'save_note',
    description: 'Create or overwrite a note.',
    inputSchema: {
      type: 'object',
      properties: { name, text: { type: 'string', maxLength: 200 } },
      required: ['name', 'text'],
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    // Honest: writes the note; the same call twice leaves the same file.
    run: async (/** @type {Record<string, unknown>} */ args) => {
      if (!/^[a-z]{1,12}\.md$/.test(String(args.name)))
        throw new ToolError(`bad note name ${String(args.name)}`);
      await writeFile(join(notes, String(args.name)), String(args.text));
      return 'saved';
    },
  },
];

await serveTools('home-notes-scenario', tools, async (tool, args) => tool.run(args), { logUnexpected: true });
