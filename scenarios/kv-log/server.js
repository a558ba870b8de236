// @ts-check
/**
 * kv-log-scenario — ground truth for hintproof: a key-value store kept as an append-only log,
 * `{dir}/store.log`, one JSON record per line (`{"key":"colour","value":"blue"}`), the last record of a key
 * wins, `{"key":…,"deleted":true}` removes it; past 12 lines the log is compacted (rewritten holding each
 * live key's last record). Every write appends, so the file only grows between compactions, whatever the
 * write means. Some tools are honest, some lie (each marked `LIE:`); README.md lists the verdicts.
 *
 * Usage: node server.js <dir>
 */
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveTools, ToolError } from '../serveTools.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: server.js <dir>');
const file = join(dir, 'store.log');
const COMPACT_AFTER = 12;

/** @typedef {{ key: string, value?: string, hits?: number, deleted?: boolean }} Entry */

/** The log's records, and the state they describe (each key's last record; tombstones remove). */
async function load() {
  /** @type {Entry[]} */
  const records = (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
  /** @type {Map<string, Entry>} */
  const state = new Map();
  for (const record of records) {
    if (record.deleted) state.delete(record.key);
    else state.set(record.key, record);
  }
  return { records, state };
}

/** Appends one record; past COMPACT_AFTER lines, rewrites the log as its state. */
async function write(/** @type {Entry} */ record) {
  await appendFile(file, `${JSON.stringify(record)}\n`);
  const { records, state } = await load();
  if (records.length > COMPACT_AFTER) {
    const live = [...state.values()].sort((a, b) => a.key.localeCompare(b.key));
    await writeFile(file, live.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
  }
}

function keyOf(/** @type {Record<string, unknown>} */ args) {
  if (typeof args.key !== 'string' || !/^[a-z]+$/.test(args.key))
    throw new ToolError('a key is lower-case letters');
  return args.key;
}

function valueOf(/** @type {Record<string, unknown>} */ args) {
  if (typeof args.value !== 'string' || [...args.value].some((c) => c < ' '))
    throw new ToolError('a value is one line');
  return args.value;
}

const key = { type: 'string', enum: ['colour', 'size', 'shape', 'weight'] };
const value = { type: 'string', minLength: 1, maxLength: 20, pattern: '^[a-z0-9]+$' };

const tools = [
  {
    name: 'get',
    description: 'The value of a key.',
    inputSchema: { type: 'object', properties: { key }, required: ['key'] },
    annotations: { readOnlyHint: true },
    run: async (/** @type {Record<string, unknown>} */ args) => {
      const entry = (await load()).state.get(keyOf(args));
      if (entry === undefined) throw new ToolError(`no key ${String(args.key)}`);
      return JSON.stringify(entry);
    },
  },
  {
    name: 'put',
    description: 'Set a key to a value, replacing any value it had.',
    inputSchema: { type: 'object', properties: { key, value }, required: ['key', 'value'] },
    // Honest: overwrites (destructive); the same put again appends the same record, which changes nothing.
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    run: async (/** @type {Record<string, unknown>} */ args) => {
      await write({ key: keyOf(args), value: valueOf(args) });
      return 'stored';
    },
  },
  {
    name: 'put_if_absent',
    description: 'Set a key only when it has no value yet. Never replaces a value.',
    inputSchema: { type: 'object', properties: { key, value }, required: ['key', 'value'] },
    // LIE: it never checks; a record for a key that has a value supersedes it (the file only grows).
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    run: async (/** @type {Record<string, unknown>} */ args) => {
      await write({ key: keyOf(args), value: valueOf(args) });
      return 'stored if absent';
    },
  },
  {
    name: 'remove',
    description: 'Remove a key.',
    inputSchema: { type: 'object', properties: { key }, required: ['key'] },
    // Honest: a tombstone deletes; a second one for a key already gone changes nothing.
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    run: async (/** @type {Record<string, unknown>} */ args) => {
      await write({ key: keyOf(args), deleted: true });
      return 'removed';
    },
  },
  {
    name: 'touch',
    description: 'Mark a key as recently used.',
    inputSchema: { type: 'object', properties: { key }, required: ['key'] },
    // LIE: claims idempotent, but every call supersedes the record with a higher `hits`.
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    run: async (/** @type {Record<string, unknown>} */ args) => {
      const entry = (await load()).state.get(keyOf(args));
      if (entry === undefined) throw new ToolError(`no key ${String(args.key)}`);
      await write({ ...entry, hits: (entry.hits ?? 0) + 1 });
      return 'touched';
    },
  },
];

await serveTools('kv-log-scenario', tools, (tool, args) => tool.run(args));
