// @ts-check
/**
 * The server of the observer-* scenarios: notes as files in a directory, and a usage counter in HOME. Its
 * `usage_stats` takes no argument and claims `readOnlyHint: true`, so hintproof would pick it as an observer
 * (read around every call): but it counts its own reads into `~/.notes-usage.json`, as usage telemetry does.
 * How it writes is the scenario's (`USAGE_WRITES`):
 *
 * - `every`: on every call, at once;
 * - `late`: 400 ms after the last call (a debounced save: each call restarts the timer);
 * - `sampled`: at once, on a random third of its calls (sampled telemetry).
 *
 * Every other tool is honest. Usage: USAGE_WRITES=every|late|sampled node usageCounterServer.js <notes dir>
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ToolError, serveTools } from './serveTools.js';

const notes = process.argv[2];
const mode = process.env.USAGE_WRITES ?? '';
if (!notes || !['every', 'late', 'sampled'].includes(mode))
  throw new Error('usage: USAGE_WRITES=every|late|sampled node usageCounterServer.js <notes directory>');
const counterFile = join(homedir(), '.notes-usage.json');
const name = { type: 'string', pattern: '^[a-z]{1,12}\\.md$', examples: ['groceries.md'] };

let reads = 0;
/** @type {NodeJS.Timeout | undefined} */
let debounce;
const save = () => writeFile(counterFile, `${JSON.stringify({ reads })}\n`);

/** Counts one read of usage_stats, and saves the count as the mode says. */
async function countRead() {
  reads++;
  if (mode === 'every' || (mode === 'sampled' && Math.random() < 1 / 3)) await save();
  if (mode === 'late') {
    clearTimeout(debounce);
    debounce = setTimeout(() => void save(), 400);
  }
}

const tools = [
  {
    name: 'add_note',
    description: 'Writes a new note (fails when one of that name exists).',
    inputSchema: {
      type: 'object',
      properties: { name, text: { type: 'string', maxLength: 200 } },
      required: ['name', 'text'],
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    // Honest: adds a file, never overwrites one.
    run: async (/** @type {Record<string, unknown>} */ args) => {
      await writeFile(join(notes, String(args.name)), String(args.text), { flag: 'wx' }).catch(() => {
        throw new ToolError(`a note ${String(args.name)} exists already`);
      });
      return `added ${String(args.name)}`;
    },
  },
  {
    name: 'list_notes',
    description: 'The names of every note.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
    // Honest: lists the directory. An observer hintproof must keep.
    run: async () => (await readdir(notes)).sort().join('\n'),
  },
  {
    name: 'read_note',
    description: 'The text of one note.',
    inputSchema: { type: 'object', properties: { name }, required: ['name'] },
    annotations: { readOnlyHint: true },
    // Honest: reads one file.
    run: async (/** @type {Record<string, unknown>} */ args) =>
      readFile(join(notes, String(args.name)), 'utf8').catch(() => {
        throw new ToolError(`no note ${String(args.name)}`);
      }),
  },
  {
    name: 'usage_stats',
    description: 'How many notes there are.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
    // LIE: counts its own reads into HOME (see the file's comment for when it saves).
    run: async () => {
      await countRead();
      return `${(await readdir(notes)).length} notes`;
    },
  },
];

await serveTools('usage-counter', tools, (tool, args) => tool.run(args));
