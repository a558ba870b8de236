import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FsEntry, FsSnapshot } from '../../../../harness/environments/fs/index.js';
import { HARVEST_ENTRY_LIMIT, harvestFsSnapshot } from '../../../../harness/environments/fs/index.js';
import { useSandboxes, writeTree } from './sandboxFixture.js';
import { TestDatabase } from '../sqlite/sqliteFixture.js';

const { sandbox, tempDir } = useSandboxes();

const file: FsEntry = { type: 'file', mode: 0o644, size: 1, sha256: 'x' };
const directory: FsEntry = { type: 'directory', mode: 0o755, size: 0 };
const snapshotOf = (entries: [string, FsEntry][]): FsSnapshot => ({
  environment: 'fs',
  entries: new Map(entries),
});

describe('harvestFsSnapshot', () => {
  it('offers relative and {fs} paths, names, and directories, sorted and without duplicates', async () => {
    const seed = `${await tempDir()}/seed`;
    await writeTree(seed, { 'notes/a.md': 'a', 'notes/sub/a.md': 'a', '.env': 'x', link: { link: 'notes' } });
    const instance = await sandbox(seed);
    expect(instance.harvest(await instance.snapshot())).toEqual([
      { kind: 'directory', value: 'notes' },
      { kind: 'directory', value: 'notes/sub' },
      { kind: 'directory', value: '{fs}' },
      { kind: 'directory', value: '{fs}/notes' },
      { kind: 'directory', value: '{fs}/notes/sub' },
      { kind: 'name', value: '.env' },
      { kind: 'name', value: 'a.md' },
      { kind: 'name', value: 'link' },
      { kind: 'name', value: 'notes' },
      { kind: 'name', value: 'sub' },
      { kind: 'path', value: '.env' },
      { kind: 'path', value: 'link' },
      { kind: 'path', value: 'notes' },
      { kind: 'path', value: 'notes/a.md' },
      { kind: 'path', value: 'notes/sub' },
      { kind: 'path', value: 'notes/sub/a.md' },
      { kind: 'path', value: '{fs}/.env' },
      { kind: 'path', value: '{fs}/link' },
      { kind: 'path', value: '{fs}/notes' },
      { kind: 'path', value: '{fs}/notes/a.md' },
      { kind: 'path', value: '{fs}/notes/sub' },
      { kind: 'path', value: '{fs}/notes/sub/a.md' },
    ]);
  });

  it('offers the root for an empty sandbox', () => {
    expect(harvestFsSnapshot(snapshotOf([]))).toEqual([{ kind: 'directory', value: '{fs}' }]);
  });

  it(`takes at most ${HARVEST_ENTRY_LIMIT} entries, shallowest first`, () => {
    const deep = Array.from({ length: 600 }, (_, i): [string, FsEntry] => [
      `a/f${String(i).padStart(3, '0')}`,
      file,
    ]);
    const values = harvestFsSnapshot(snapshotOf([['a', directory], ['z.md', file], ...deep]));
    const paths = values.filter((value) => value.kind === 'path' && !value.value.startsWith('{fs}'));
    expect(paths).toHaveLength(HARVEST_ENTRY_LIMIT);
    expect(paths.map((value) => value.value)).toContain('z.md');
    expect(paths.map((value) => value.value)).toContain('a/f497');
    expect(paths.map((value) => value.value)).not.toContain('a/f498');
  });

  it('refuses a snapshot from another environment', () => {
    expect(() => harvestFsSnapshot({ environment: 'pg' })).toThrow(
      'fs: the harvested snapshot is not an fs snapshot (received environment "pg").',
    );
  });

  it("keeps a SQLite database's tables whole, as relations the SQL generator can use", async () => {
    const seed = `${await tempDir()}/seed`;
    await mkdir(seed);
    using db = new TestDatabase(
      'delete',
      'create table todos (id integer primary key, title text not null);',
    );
    await copyFile(db.path, join(seed, 'todos.db'));
    const instance = await sandbox(seed);
    const relation = instance
      .harvest(await instance.snapshot())
      .find((value) => value.kind === 'relation' && value.value === 'todos');
    expect(relation?.relation).toMatchObject({ dialect: 'sqlite', name: 'todos', key: ['id'] });
  });
});
