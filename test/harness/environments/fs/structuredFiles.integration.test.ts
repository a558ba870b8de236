import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffFsSnapshots } from '../../../../harness/environments/fs/diffFsSnapshots.js';
import type { FsEntry, FsSnapshot } from '../../../../harness/environments/fs/fsEntry.js';
import { BytesCollector, planKeptBytes } from '../../../../harness/environments/fs/keptBytes.js';
import { TestRepository } from '../git/gitFixture.js';
import { TestDatabase } from '../sqlite/sqliteFixture.js';

/** A snapshot of `root` built the way the fs snapshot builds one (hash, kept bytes), for the diff side alone. */
function snapshot(root: string): FsSnapshot {
  const listed: { path: string; type: 'file' | 'directory' | 'other' }[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      listed.push({ path: relative(root, path), type: entry.isDirectory() ? 'directory' : 'file' });
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(root);
  const kept = planKeptBytes(listed);
  const entries = new Map<string, FsEntry>();
  for (const { path, type } of listed.sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const mode = statSync(join(root, path)).mode & 0o7777;
    if (type !== 'file') {
      entries.set(path, { type, mode, size: 0 });
      continue;
    }
    const content = readFileSync(join(root, path));
    const collector = new BytesCollector(kept.get(path) ?? 'sqlite', content.length);
    collector.add(content);
    const bytes = collector.bytes();
    entries.set(path, {
      type,
      mode,
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      ...(bytes === undefined ? {} : { bytes }),
    });
  }
  return { environment: 'fs', entries };
}

const lines = (before: FsSnapshot, after: FsSnapshot) =>
  diffFsSnapshots(before, after).map(
    (change) => `${change.kind} ${change.environment}:${change.entity} (${change.detail})`,
  );

describe('diffFsSnapshots: SQLite databases by meaning', () => {
  it.each(['wal', 'delete'] as const)(
    'an insert is an added row, never a changed file (%s journal)',
    (journal) => {
      using db = new TestDatabase(
        journal,
        "create table todos (id integer primary key autoincrement, title text); insert into todos (title) values ('a');",
      );
      db.exec('select * from todos');
      const before = snapshot(db.directory);
      db.exec("select count(*) from todos; insert into todos (title) values ('b')");
      const after = snapshot(db.directory);
      expect(lines(before, after)).toEqual([
        'add sqlite:test.db#todos(id=2) (row id=2, title="b")',
        'counter sqlite:test.db#sqlite_sequence(name="todos") (seq: 1 → 2)',
      ]);
      db.exec('select * from todos');
      expect(lines(after, snapshot(db.directory))).toEqual([]);
    },
  );

  it('reports a file that stops being a database as a modified file, saying why', () => {
    using db = new TestDatabase('delete', 'create table t (x); insert into t values (1);');
    const before = snapshot(db.directory);
    const entries = new Map(before.entries);
    const main = entries.get('test.db') as FsEntry;
    const damaged = Buffer.from(main.bytes as Uint8Array);
    damaged.fill(0xff, 100, 120);
    entries.set('test.db', { ...main, sha256: 'x', bytes: damaged });
    expect(lines(before, { environment: 'fs', entries })).toEqual([
      expect.stringMatching(
        /^modify fs:test\.db \(\d+ bytes, content changed; not understood as SQLite: .+; compared as bytes\)$/,
      ),
    ]);
  });
});

describe('diffFsSnapshots: git repositories by meaning', () => {
  it('a read-only git status on a copied repository is one counter; a commit is refs and objects', () => {
    using seed = new TestRepository();
    seed.write('a.txt', 'a\n').git('add', '.');
    seed.git('commit', '-q', '-m', 'first');
    using repo = seed.copy();
    const before = snapshot(repo.root);
    repo.git('status', '--porcelain');
    const refreshed = snapshot(repo.root);
    expect(lines(before, refreshed)).toEqual([
      'counter fs:repo/.git#index (index rewritten with the same refs, index entries and objects (a cache refresh or repack))',
    ]);
    repo.git('status', '--porcelain');
    const again = snapshot(repo.root);
    expect(lines(refreshed, again)).toEqual([]);
    repo.write('b.txt', 'b\n').git('add', 'b.txt');
    repo.git('commit', '-q', '-m', 'second');
    const committed = lines(again, snapshot(repo.root));
    expect(committed).toContainEqual(
      expect.stringMatching(/^append fs:repo\/\.git#refs\/heads\/main \(.*fast-forward: 1 commit on top\)$/),
    );
    expect(committed).toContainEqual(
      "counter fs:repo/.git#COMMIT_EDITMSG (git's scratch file, rewritten; the commit holds its message)",
    );
    expect(committed).toContainEqual(
      expect.stringMatching(/^add fs:repo\/\.git#index\/b\.txt \(staged 100644 /),
    );
    expect(committed).toContainEqual(expect.stringMatching(/^add fs:repo\/\.git#objects \(\+3 objects/));
    expect(committed).toContainEqual('add fs:repo/b.txt (file, 2 bytes)');
    expect(committed.some((line) => /\.git\/(?:index|objects|refs)/.test(line))).toBe(false);
  });

  it('a fetch that brings its commits packed, and a gc, are a fast-forward; a reset to another history is not', () => {
    using repo = new TestRepository();
    repo.write('a.txt', 'a\n').git('add', '.');
    repo.git('commit', '-q', '-m', 'first');
    // An upstream inside the same tree (as a sandbox holds one), two commits ahead.
    repo.git('clone', '-q', repo.directory, join(repo.root, 'upstream'));
    const upstream = (...args: string[]) => repo.git('-C', join(repo.root, 'upstream'), ...args);
    for (const n of [1, 2]) {
      writeFileSync(join(repo.root, 'upstream', `u${n}.txt`), `${n}\n`);
      upstream('add', '.');
      upstream('commit', '-q', '-m', `upstream ${n}`);
    }
    const before = snapshot(repo.root);
    // fetch.unpackLimit=1 keeps what it receives as a pack, as git does for any fetch of 100 objects or more.
    repo.git(
      '-c',
      'fetch.unpackLimit=1',
      'fetch',
      '-q',
      join(repo.root, 'upstream'),
      'main:refs/heads/incoming',
    );
    repo.git('merge', '-q', '--ff-only', 'incoming');
    const fetched = snapshot(repo.root);
    expect(
      readdirSync(join(repo.directory, '.git/objects/pack')).some((name) => name.endsWith('.pack')),
    ).toBe(true);
    const merged = lines(before, fetched);
    expect(merged).toContainEqual(
      expect.stringMatching(/^append fs:repo\/\.git#refs\/heads\/main \(.*fast-forward: 2 commits on top\)$/),
    );
    // (The reflogs under logs/ grow: an append in a real snapshot, which remembers earlier sizes; not here.)
    expect(merged.filter((line) => line.startsWith('modify fs:repo/.git#'))).toEqual([]);
    // gc packs the new commit too (and the ones before): still a fast-forward, nothing modified.
    repo.write('b.txt', 'b\n').git('add', '.');
    repo.git('commit', '-q', '-m', 'local');
    repo.git('gc', '-q', '--prune=now');
    const packed = snapshot(repo.root);
    expect(lines(fetched, packed)).toContainEqual(
      expect.stringMatching(/^append fs:repo\/\.git#refs\/heads\/main \(.*fast-forward: 1 commit on top\)$/),
    );
    // A history rewrite: main reset to a commit of a history that never held the old one.
    repo.git('checkout', '-q', '--orphan', 'other');
    repo.git('commit', '-q', '-m', 'unrelated');
    repo.git('checkout', '-q', 'main');
    repo.git('reset', '-q', '--hard', 'other');
    repo.git('gc', '-q', '--prune=now');
    expect(lines(packed, snapshot(repo.root))).toContainEqual(
      expect.stringMatching(/^modify fs:repo\/\.git#refs\/heads\/main \([0-9a-f]{12} → [0-9a-f]{12}\)$/),
    );
  });
});
