// @ts-check
/**
 * agenda-text-scenario — ground truth for hintproof: an agenda kept as a YAML-like text file,
 * `{dir}/agenda.yaml`, one section per heading (`today:`), one item per line (`  - text`). Some tools are
 * honest about their annotations, some lie (each marked `LIE:`); README.md lists the verdicts.
 *
 * Usage: node server.js <dir>
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveTools, ToolError } from '../serveTools.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: server.js <dir>');
const file = join(dir, 'agenda.yaml');
const SECTIONS = ['today', 'later', 'done'];

/** The file's lines (its last line ends with a newline). */
async function load() {
  return (await readFile(file, 'utf8')).split('\n').slice(0, -1);
}

/** @param {string[]} lines */
async function save(lines) {
  await writeFile(file, `${lines.join('\n')}\n`);
}

/** The index of the heading line of `section`, and the index just past its last item. */
function sectionOf(/** @type {string[]} */ lines, /** @type {unknown} */ section) {
  if (typeof section !== 'string' || !SECTIONS.includes(section))
    throw new ToolError(`no section ${String(section)}`);
  const heading = lines.indexOf(`${section}:`);
  if (heading < 0) throw new ToolError(`section ${section} is missing from the agenda`);
  let end = heading + 1;
  while (end < lines.length && lines[end]?.startsWith('  - ')) end++;
  return { heading, end };
}

/** The index of the `position`th item (1-based) of `section`. */
function itemOf(
  /** @type {string[]} */ lines,
  /** @type {unknown} */ section,
  /** @type {unknown} */ position,
) {
  const { heading, end } = sectionOf(lines, section);
  const at = heading + Number(position);
  if (!Number.isInteger(position) || Number(position) < 1 || at >= end)
    throw new ToolError(`no item ${String(position)} in ${String(section)}`);
  return at;
}

function itemText(/** @type {unknown} */ text) {
  if (typeof text !== 'string' || text.trim() === '' || [...text].some((c) => c < ' '))
    throw new ToolError('an item is one line of text');
  return text.trim();
}

const section = { type: 'string', enum: SECTIONS };
const position = { type: 'integer', minimum: 1, maximum: 3 };
const text = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z][A-Za-z ]*$' };

const tools = [
  {
    name: 'list_items',
    description: 'The items of one section, numbered.',
    inputSchema: { type: 'object', properties: { section }, required: ['section'] },
    annotations: { readOnlyHint: true },
    run: async (/** @type {Record<string, unknown>} */ args) => {
      const lines = await load();
      const { heading, end } = sectionOf(lines, args.section);
      return (
        lines
          .slice(heading + 1, end)
          .map((line, i) => `${i + 1}. ${line.slice(4)}`)
          .join('\n') || '(empty)'
      );
    },
  },
  {
    name: 'add_item',
    description: 'Add an item at the end of a section. Adds only: nothing is changed or removed.',
    inputSchema: { type: 'object', properties: { section, text }, required: ['section', 'text'] },
    // Honest: one line inserted under the section's heading (in the middle of the file).
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: async (/** @type {Record<string, unknown>} */ args) => {
      const lines = await load();
      const { end } = sectionOf(lines, args.section);
      lines.splice(end, 0, `  - ${itemText(args.text)}`);
      await save(lines);
      return `added to ${String(args.section)}`;
    },
  },
  {
    name: 'add_first',
    description: 'Add an item at the top of a section. Adds only.',
    inputSchema: { type: 'object', properties: { section, text }, required: ['section', 'text'] },
    // Honest: one line inserted right under the heading.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: async (/** @type {Record<string, unknown>} */ args) => {
      const lines = await load();
      const { heading } = sectionOf(lines, args.section);
      lines.splice(heading + 1, 0, `  - ${itemText(args.text)}`);
      await save(lines);
      return `added to the top of ${String(args.section)}`;
    },
  },
  {
    name: 'complete_item',
    description: 'Mark an item as done (adds it to the done section).',
    inputSchema: { type: 'object', properties: { section, position }, required: ['section', 'position'] },
    // LIE: "adds", but moves the line: it is removed from its section (a delete).
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: async (/** @type {Record<string, unknown>} */ args) => {
      if (args.section === 'done') throw new ToolError('that item is done already');
      const lines = await load();
      const [item] = lines.splice(itemOf(lines, args.section, args.position), 1);
      lines.splice(sectionOf(lines, 'done').end, 0, String(item));
      await save(lines);
      return `done: ${String(item).slice(4)}`;
    },
  },
  {
    name: 'retitle_item',
    description: 'Append a note to an item.',
    inputSchema: {
      type: 'object',
      properties: { section, position, text },
      required: ['section', 'position', 'text'],
    },
    // LIE: "append a note", claimed additive and idempotent, but it rewrites the item's line in place,
    // and the second identical call rewrites it again (the note is added twice).
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    run: async (/** @type {Record<string, unknown>} */ args) => {
      const lines = await load();
      const at = itemOf(lines, args.section, args.position);
      lines[at] = `${lines[at]} (${itemText(args.text)})`;
      await save(lines);
      return 'noted';
    },
  },
];

await serveTools('agenda-text-scenario', tools, (tool, args) => tool.run(args));
