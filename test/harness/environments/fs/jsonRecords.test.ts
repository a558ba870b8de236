import { appendFile, chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FsInstance } from '../../../../harness/environments/fs/index.js';
import { RECORD_CHANGE_LIMIT } from '../../../../harness/environments/fs/diffJsonFile.js';
import { JSON_FILE_LIMIT } from '../../../../harness/environments/fs/jsonText.js';
import { tick, useSandboxes, writeTree } from './sandboxFixture.js';

const { tempDir, sandbox } = useSandboxes();

/** A sandbox seeded with `tree`; `changes()` lists `kind entity: detail` since the previous call. */
async function observe(tree: Record<string, string>): Promise<{
  instance: FsInstance;
  at: (path: string) => string;
  replace: (path: string, content: string) => Promise<void>;
  changes: () => Promise<string[]>;
}> {
  const seed = join(await tempDir(), 'seed');
  await mkdir(seed);
  await writeTree(seed, tree);
  const instance = await sandbox(seed);
  let before = await instance.snapshot();
  const at = (path: string): string => join(instance.root, path);
  return {
    instance,
    at,
    // Temp file, then rename over the original: how server-memory and most JSON stores write.
    replace: async (path, content) => {
      await writeFile(`${at(path)}.tmp`, content);
      await rename(`${at(path)}.tmp`, at(path));
    },
    changes: async () => {
      const after = await instance.snapshot();
      const changes = instance.diff(before, after);
      before = after;
      return changes.map((c) => `${c.kind} ${c.entity}: ${c.detail}`);
    },
  };
}

interface Entity {
  name: string;
  entityType: string;
  observations: string[];
}
interface Relation {
  from: string;
  to: string;
  relationType: string;
}

/** memory.jsonl as @modelcontextprotocol/server-memory writes it: entity lines, then relation lines, no final newline. */
function memoryFile(entities: Entity[], relations: Relation[]): string {
  return [
    ...entities.map((e) => JSON.stringify({ type: 'entity', ...e })),
    ...relations.map((r) => JSON.stringify({ type: 'relation', ...r })),
  ].join('\n');
}

const alice: Entity = { name: 'Alice', entityType: 'person', observations: ['reads'] };
const bob: Entity = { name: 'Bob', entityType: 'person', observations: [] };
const knows: Relation = { from: 'Alice', to: 'Bob', relationType: 'knows' };

describe('fs diff of JSON Lines: the server-memory sequences', () => {
  it('create_entities with relations present is only additions; a duplicate create is no change', async () => {
    const { replace, changes } = await observe({ 'memory.jsonl': memoryFile([alice, bob], [knows]) });
    const carol: Entity = { name: 'Carol', entityType: 'person', observations: [] };
    await replace('memory.jsonl', memoryFile([alice, bob, carol], [knows]));
    expect(await changes()).toEqual([
      'add memory.jsonl#[name=Carol]: {"entityType":"person","name":"Carol","observations":[],"type":"entity"}',
    ]);
    await replace('memory.jsonl', memoryFile([alice, bob, carol], [knows]));
    expect(await changes()).toEqual([]);
    // A new relation goes last: the file only grew.
    await replace('memory.jsonl', memoryFile([alice, bob, carol], [knows, { ...knows, to: 'Carol' }]));
    expect(await changes()).toEqual(['append memory.jsonl: +71 bytes']);
    const dave: Entity = { name: 'Dave', entityType: 'person', observations: [] };
    await replace('memory.jsonl', memoryFile([alice, bob, carol, dave], [knows, { ...knows, to: 'Carol' }]));
    expect(await changes()).toEqual([
      'add memory.jsonl#[name=Dave]: {"entityType":"person","name":"Dave","observations":[],"type":"entity"}',
    ]);
  });

  it('add_observations is an add inside the entity; delete_observations a delete', async () => {
    const { replace, changes } = await observe({ 'memory.jsonl': memoryFile([alice, bob], [knows]) });
    await replace(
      'memory.jsonl',
      memoryFile([{ ...alice, observations: ['reads', 'likes tea'] }, bob], [knows]),
    );
    expect(await changes()).toEqual([
      'add memory.jsonl#[name=Alice]/observations/["likes tea"]: "likes tea"',
    ]);
    await replace('memory.jsonl', memoryFile([{ ...alice, observations: ['likes tea'] }, bob], [knows]));
    expect(await changes()).toEqual(['delete memory.jsonl#[name=Alice]/observations/["reads"]: "reads"']);
  });

  it('delete_entities deletes the entity line and its relations', async () => {
    const { replace, changes } = await observe({ 'memory.jsonl': memoryFile([alice, bob], [knows]) });
    await replace('memory.jsonl', memoryFile([alice], []));
    expect(await changes()).toEqual([
      'delete memory.jsonl#[name=Bob]: {"entityType":"person","name":"Bob","observations":[],"type":"entity"}',
      'delete memory.jsonl#[{"from":"Alice","relationType":"knows","to":"Bob","type":"relation"}]: ' +
        '{"from":"Alice","relationType":"knows","to":"Bob","type":"relation"}',
    ]);
    await replace('memory.jsonl', '');
    expect((await changes()).map((c) => c.slice(0, c.indexOf(':')))).toEqual([
      'delete memory.jsonl#[name=Alice]',
    ]);
  });

  it('keeps a plain append an append, for JSON Lines too', async () => {
    const { at, changes } = await observe({ 'events.jsonl': '{"id":1}\n', 'memory.jsonl': '' });
    await appendFile(at('events.jsonl'), '{"id":2}\n');
    await writeFile(at('memory.jsonl'), memoryFile([alice], []));
    expect(await changes()).toEqual(['append events.jsonl: +9 bytes', 'append memory.jsonl: +79 bytes']);
  });
});

const bookmarks = (items: object[]): string => `${JSON.stringify({ bookmarks: items }, null, 2)}\n`;
const b1 = { id: 'b1', url: 'https://example.com/', title: 'Example', visits: 0 };

describe('fs diff of a JSON document: the bookmarks cases', () => {
  it('add → add, rename → modify of the title, visit → modify of visits, forget → delete', async () => {
    const { replace, changes } = await observe({ 'data/bookmarks.json': bookmarks([b1]) });
    const b2 = { id: 'b2', url: 'https://example.org/', title: 'Org', visits: 0 };
    await replace('data/bookmarks.json', bookmarks([b1, b2]));
    expect(await changes()).toEqual([
      'add data/bookmarks.json#/bookmarks/[id=b2]: {"id":"b2","title":"Org","url":"https://example.org/","visits":0}',
    ]);
    await replace('data/bookmarks.json', bookmarks([{ ...b1, title: 'Renamed' }, b2]));
    expect(await changes()).toEqual([
      'modify data/bookmarks.json#/bookmarks/[id=b1]/title: "Example" → "Renamed"',
    ]);
    await replace(
      'data/bookmarks.json',
      bookmarks([
        { ...b1, title: 'Renamed' },
        { ...b2, visits: 1 },
      ]),
    );
    expect(await changes()).toEqual(['modify data/bookmarks.json#/bookmarks/[id=b2]/visits: 0 → 1']);
    await replace('data/bookmarks.json', bookmarks([{ ...b2, visits: 1 }]));
    expect(await changes()).toEqual([
      'delete data/bookmarks.json#/bookmarks/[id=b1]: {"id":"b1","title":"Renamed","url":"https://example.com/","visits":0}',
    ]);
  });

  it('sees a reformatted but deep-equal document as no change', async () => {
    const { replace, changes } = await observe({ 'bookmarks.json': bookmarks([b1]) });
    await replace(
      'bookmarks.json',
      JSON.stringify({ bookmarks: [{ visits: 0, title: 'Example', url: b1.url, id: 'b1' }] }),
    );
    expect(await changes()).toEqual([]);
  });

  it('reads JSON by content in a file of any name, and other text by lines', async () => {
    const { replace, changes } = await observe({ state: '{"n":1}', 'notes.txt': '["a"] not json' });
    await replace('state', '{"n":2}');
    await replace('notes.txt', '["b"] not json');
    expect(await changes()).toEqual([
      'modify notes.txt#[line 1]: "[\\"a\\"] not json" → "[\\"b\\"] not json"',
      'modify state#/n: 1 → 2',
    ]);
  });
});

describe('fs diff of JSON files: where it stays file-level', () => {
  it('reads invalid JSON on either side by lines', async () => {
    const { replace, changes } = await observe({ 'a.json': '{"a":1}', 'b.json': '{"b":]' });
    await replace('a.json', '{"a":');
    await replace('b.json', '{"b":2}');
    expect(await changes()).toEqual([
      'modify a.json#[line 1]: "{\\"a\\":1}" → "{\\"a\\":"',
      'modify b.json#[line 1]: "{\\"b\\":]" → "{\\"b\\":2}"',
    ]);
    await replace('a.json', '{"b":1}');
    expect(await changes()).toEqual(['modify a.json#[line 1]: "{\\"a\\":" → "{\\"b\\":1}"']);
  });

  it(`keeps a file over ${JSON_FILE_LIMIT} bytes file-level`, async () => {
    const big = (n: number): string => JSON.stringify({ n, pad: 'x'.repeat(JSON_FILE_LIMIT) });
    const { replace, changes } = await observe({ 'big.json': big(1) });
    await replace('big.json', big(2));
    expect(await changes()).toEqual([
      `modify big.json: ${big(1).length} bytes, content changed; format not understood (larger than 2 MiB); ` +
        'compared as bytes',
    ]);
  });

  it('adds a file-level modify for a mode change next to the record changes', async () => {
    const { at, replace, changes } = await observe({ 'a.json': '{"a":1}' });
    await replace('a.json', '{"a":2}');
    await chmod(at('a.json'), 0o600);
    expect(await changes()).toEqual(['modify a.json#/a: 1 → 2', 'modify a.json: mode 644 → 600']);
  });

  it(`lists ${RECORD_CHANGE_LIMIT} record changes and sums up the rest on the file, most destructive kind`, async () => {
    const many = (from: number): string =>
      JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ id: from + i })));
    const { replace, changes } = await observe({ 'a.json': many(0) });
    await replace('a.json', many(60));
    const listed = await changes();
    expect(listed).toHaveLength(RECORD_CHANGE_LIMIT + 1);
    expect(listed.slice(0, 2)).toEqual([
      'add a.json#/[id=100]: {"id":100}',
      'add a.json#/[id=101]: {"id":101}',
    ]);
    expect(listed.at(-1)).toBe('delete a.json: 70 more record changes not listed (10 add, 60 delete)');
  });
});

describe('fs snapshots of JSON files', () => {
  it('reuses an unchanged file with its text from the stat cache, and diffs records against it', async () => {
    const { instance, replace, changes } = await observe({ 'a.json': '{"a":1}', 'b.json': '{"b":1}' });
    await tick();
    await changes();
    const hashed = instance.stats.filesHashed;
    await changes();
    expect(instance.stats.filesHashed).toBe(hashed);
    await replace('a.json', '{"a":2}');
    expect(await changes()).toEqual(['modify a.json#/a: 1 → 2']);
    expect(instance.stats.filesHashed).toBe(hashed + 1);
  });
});
