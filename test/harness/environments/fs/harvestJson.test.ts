import { describe, expect, it } from 'vitest';
import type { FsEntry, FsSnapshot } from '../../../../harness/environments/fs/index.js';
import { HARVEST_JSON_VALUE_LIMIT, harvestFsSnapshot } from '../../../../harness/environments/fs/index.js';
import { JSON_HARVEST_PER_FILE, harvestJson } from '../../../../harness/environments/fs/harvestJson.js';
import { useSandboxes, writeTree } from './sandboxFixture.js';

const { sandbox, tempDir } = useSandboxes();

const memory = [
  { type: 'entity', name: 'Alice', entityType: 'person', observations: ['likes tea'] },
  { type: 'entity', name: 'Bob', entityType: 'person', observations: [] },
  { type: 'relation', from: 'Alice', to: 'Bob', relationType: 'knows' },
]
  .map((line) => JSON.stringify(line))
  .join('\n');

const bookmarks = JSON.stringify(
  { bookmarks: [{ id: 'b1', url: 'https://example.com/', title: 'Example', visits: 2 }] },
  null,
  2,
);

describe('harvestJson', () => {
  it('offers identity values first, then short strings by their property names', () => {
    expect(harvestJson('bookmarks.json', bookmarks)).toEqual([
      { kind: 'identifier', value: 'b1' },
      { kind: 'text', value: 'https://example.com/' },
      { kind: 'name', value: 'Example' },
    ]);
    expect(harvestJson('memory.jsonl', memory)).toEqual([
      { kind: 'name', value: 'Alice' },
      { kind: 'name', value: 'Bob' },
      { kind: 'text', value: 'entity' },
      { kind: 'text', value: 'person' },
      { kind: 'text', value: 'likes tea' },
      { kind: 'text', value: 'relation' },
      { kind: 'text', value: 'Alice' },
      { kind: 'text', value: 'Bob' },
      { kind: 'text', value: 'knows' },
    ]);
  });

  it('offers the keys of an object that maps names to records, and numeric ids as strings', () => {
    const notes = JSON.stringify({
      notes: { groceries: { body: 'milk' }, todo: { body: 'x' } },
      users: [{ userId: 7 }],
    });
    expect(harvestJson('state.json', notes)).toEqual([
      { kind: 'identifier', value: '7' },
      { kind: 'name', value: 'groceries' },
      { kind: 'name', value: 'todo' },
      { kind: 'text', value: 'milk' },
      { kind: 'text', value: 'x' },
    ]);
  });

  it(`offers nothing for text that does not parse, no long strings, and at most ${JSON_HARVEST_PER_FILE} values`, () => {
    expect(harvestJson('a.json', '{"a":')).toEqual([]);
    expect(harvestJson('a.json', JSON.stringify({ body: 'x'.repeat(101) }))).toEqual([]);
    const many = JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: `n${i}` })));
    const values = harvestJson('a.json', many);
    expect(values).toHaveLength(JSON_HARVEST_PER_FILE);
    expect(values[0]).toEqual({ kind: 'identifier', value: 'n0' });
  });
});

describe('harvestFsSnapshot with JSON files', () => {
  it('adds the records of JSON files kept by the snapshot to the paths and names', async () => {
    const seed = `${await tempDir()}/seed`;
    await writeTree(seed, { 'memory.jsonl': memory, 'data/bookmarks.json': bookmarks, 'notes.md': '- x' });
    const instance = await sandbox(seed);
    const values = instance.harvest(await instance.snapshot());
    expect(values).toContainEqual({ kind: 'name', value: 'Alice' });
    expect(values).toContainEqual({ kind: 'identifier', value: 'b1' });
    expect(values).toContainEqual({ kind: 'path', value: '{fs}/data/bookmarks.json' });
    expect(values).not.toContainEqual({ kind: 'text', value: 'x' });
  });

  it(`takes at most ${HARVEST_JSON_VALUE_LIMIT} values from JSON files`, () => {
    const text = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ id: `n${i}` })));
    const files = Array.from({ length: 5 }, (_, f): [string, FsEntry] => [
      `f${f}.json`,
      { type: 'file', mode: 0o644, size: text.length, sha256: 'x', text: text.replaceAll('"n', `"${f}n`) },
    ]);
    const snapshot: FsSnapshot = { environment: 'fs', entries: new Map(files) };
    const identifiers = harvestFsSnapshot(snapshot).filter((value) => value.kind === 'identifier');
    expect(identifiers).toHaveLength(HARVEST_JSON_VALUE_LIMIT);
  });
});
