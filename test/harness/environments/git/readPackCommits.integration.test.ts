import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BytesCollector, planKeptBytes } from '../../../../harness/environments/fs/keptBytes.js';
import { packCommits } from '../../../../harness/environments/git/packCommitCache.js';
import { PACK_FILE_LIMIT, readPackCommits } from '../../../../harness/environments/git/readPackCommits.js';
import { readPackIndex, readPackIndexEntries } from '../../../../harness/environments/git/readPackIndex.js';
import { TestRepository } from './gitFixture.js';

/** The one pack of a repository that `git gc` (or `repack -a -d`) packed: its bytes and its index's. */
function onlyPack(repo: TestRepository): { pack: Uint8Array; idx: Uint8Array } {
  const directory = join(repo.directory, '.git/objects/pack');
  const packs = readdirSync(directory).filter((name) => name.endsWith('.pack'));
  expect(packs).toHaveLength(1);
  const name = packs[0]!.slice(0, -'.pack'.length);
  return {
    pack: readFileSync(join(directory, `${name}.pack`)),
    idx: readFileSync(join(directory, `${name}.idx`)),
  };
}

function commitsOf(repo: TestRepository, count: number, prefix = 'f'): void {
  for (let i = 0; i < count; i++) {
    repo.write(`${prefix}${i}.txt`, `${i}\n`.repeat(i + 1)).git('add', '.');
    repo.git('commit', '-q', '-m', `commit ${i}`);
  }
}

const filled = (length: number, value: number): number[] => new Array<number>(length).fill(value);

/** A pack of one entry at offset 12: a real pack's header, `entry` (header and data), a zeroed trailer. */
function onePack(real: Uint8Array, entry: readonly number[]): Uint8Array {
  return Uint8Array.from([...real.subarray(0, 12), ...entry, ...filled(20, 0)]);
}

const parentsBy = (repo: TestRepository, rev: string) =>
  repo.git('rev-list', '--parents', '-n', '1', rev).trim().split(' ').slice(1);

describe('readPackIndexEntries (real pack indexes)', () => {
  it('lists every object git packed with its offset in the pack, version 2 and version 1', () => {
    using repo = new TestRepository();
    commitsOf(repo, 3);
    repo.git('gc', '-q');
    const { pack, idx } = onlyPack(repo);
    const listed = repo
      .git(
        'verify-pack',
        '-v',
        join(
          repo.directory,
          '.git/objects/pack',
          readdirSync(join(repo.directory, '.git/objects/pack')).find((n) => n.endsWith('.idx'))!,
        ),
      )
      .split('\n')
      .flatMap((line) => {
        const match = /^([0-9a-f]{40}) \w+ +\d+ \d+ (\d+)/.exec(line);
        return match === null ? [] : [{ oid: match[1]!, offset: Number(match[2]) }];
      });
    const entries = readPackIndexEntries(idx);
    expect(entries.length).toBe(listed.length);
    expect(new Map(entries.map((entry) => [entry.oid, entry.offset]))).toEqual(
      new Map(listed.map((entry) => [entry.oid, entry.offset])),
    );
    expect(readPackIndex(idx)).toEqual(entries.map((entry) => entry.oid));
    expect(pack.length).toBeGreaterThan(12);
  });

  it('refuses an index cut short and an unknown version', () => {
    using repo = new TestRepository();
    commitsOf(repo, 1);
    repo.git('gc', '-q');
    const { idx } = onlyPack(repo);
    expect(() => readPackIndexEntries(idx.subarray(0, 1100))).toThrow(/cut short/);
    const v3 = Uint8Array.from(idx);
    v3[7] = 3;
    expect(() => readPackIndexEntries(v3)).toThrow(/unsupported pack index version 3/);
  });
});

describe('readPackCommits (real packs made by git)', () => {
  it('reads the parents of every commit git packed whole, a merge and the root included', () => {
    using repo = new TestRepository();
    commitsOf(repo, 2);
    repo.git('checkout', '-q', '-b', 'side');
    commitsOf(repo, 1, 'side');
    repo.git('checkout', '-q', 'main');
    repo.write('m.txt', 'm\n').git('add', '.');
    repo.git('commit', '-q', '-m', 'main');
    const message = Array.from({ length: 2000 }, (_, i) => `line ${i} of a long message`).join('\n');
    repo.git('merge', '-q', '--no-ff', 'side', '-m', message);
    repo.git('gc', '-q');
    const { pack, idx } = onlyPack(repo);
    const commits = readPackCommits(pack, readPackIndexEntries(idx));
    const all = repo.git('rev-list', '--all').trim().split('\n');
    // git never deltifies commits against each other in a fresh gc of so few: all are whole.
    expect([...commits.keys()].sort()).toEqual([...all].sort());
    for (const oid of all) expect(commits.get(oid)).toEqual(parentsBy(repo, oid));
    expect(commits.get(repo.git('rev-parse', 'HEAD').trim())).toHaveLength(2);
  });

  it('reads the commits a fetch from a local repository brought in as a pack', () => {
    using upstream = new TestRepository();
    commitsOf(upstream, 1);
    using clone = new TestRepository();
    clone.git('fetch', '-q', upstream.directory, 'main:refs/heads/upstream');
    commitsOf(upstream, 3, 'more');
    // Fetching few objects unpacks them loose by default; a pack is kept from this many objects on.
    clone.git('-c', 'fetch.unpackLimit=1', 'fetch', '-q', upstream.directory, 'main:refs/heads/upstream');
    const directory = join(clone.directory, '.git/objects/pack');
    const names = readdirSync(directory)
      .filter((name) => name.endsWith('.pack'))
      .sort();
    expect(names.length).toBeGreaterThanOrEqual(1);
    const found = new Map<string, readonly string[]>();
    for (const name of names) {
      const base = join(directory, name.slice(0, -'.pack'.length));
      const commits = readPackCommits(
        readFileSync(`${base}.pack`),
        readPackIndexEntries(readFileSync(`${base}.idx`)),
      );
      for (const [oid, parents] of commits) found.set(oid, parents);
    }
    const head = clone.git('rev-parse', 'upstream').trim();
    expect(found.get(head)).toEqual(parentsBy(clone, head));
  });

  it('leaves out deltified entries, other versions and hostile bytes: those commits are unknown', () => {
    using repo = new TestRepository();
    commitsOf(repo, 2);
    repo.git('gc', '-q');
    const { pack, idx } = onlyPack(repo);
    const entries = readPackIndexEntries(idx);
    const other = Uint8Array.from(pack);
    other[7] = 4; // version 4
    expect(readPackCommits(other, entries).size).toBe(0);
    expect(readPackCommits(pack.subarray(0, 30), entries).size).toBe(0);
    expect(
      readPackCommits(
        pack,
        entries.map((entry) => ({ ...entry, offset: pack.length + 5 })),
      ).size,
    ).toBe(0);
    // An entry whose size varint never ends, and one that says "commit" over bytes that do not inflate.
    const endless = onePack(pack, [0x90, ...filled(20, 0xff)]);
    expect(readPackCommits(endless, [{ oid: 'a'.repeat(40), offset: 12 }]).size).toBe(0);
    const junk = onePack(pack, [0x10, 1, 2, 3, 4]);
    expect(readPackCommits(junk, [{ oid: 'b'.repeat(40), offset: 12 }]).size).toBe(0);
    // A "commit" of a megabyte of zeros after its headers: bounded, and its parents still read.
    const body = `tree ${'1'.repeat(40)}\nparent ${'2'.repeat(40)}\nauthor a\n\n${'\0'.repeat(1 << 20)}`;
    const bomb = onePack(pack, [0x10, ...deflateSync(body)]);
    expect(readPackCommits(bomb, [{ oid: 'c'.repeat(40), offset: 12 }]).get('c'.repeat(40))).toEqual([
      '2'.repeat(40),
    ]);
  });

  it('a commit stored as a delta is left out, not misread', () => {
    using repo = new TestRepository();
    commitsOf(repo, 1);
    repo.git('gc', '-q');
    const { pack } = onlyPack(repo);
    // Type 6 (a delta against an offset): a header byte 0x60, an offset, then deflate of a delta.
    const delta = onePack(pack, [0x60, 0x01, ...deflateSync(`tree ${'1'.repeat(40)}\n`)]);
    expect(readPackCommits(delta, [{ oid: 'd'.repeat(40), offset: 12 }]).size).toBe(0);
  });
});

describe('packCommits: a pack parsed once per run, by content hash', () => {
  it('remembers the commits of a pack by its key, and parses every call without one', () => {
    using repo = new TestRepository();
    commitsOf(repo, 2);
    repo.git('gc', '-q');
    const { pack, idx } = onlyPack(repo);
    const key = `test-${Math.random()}`;
    const first = packCommits(pack, idx, 20, key);
    expect(first.size).toBe(2);
    // The same key is not parsed again: even bytes that hold nothing give the remembered commits.
    expect(packCommits(new Uint8Array(64), idx, 20, key)).toBe(first);
    expect(packCommits(new Uint8Array(64), idx, 20).size).toBe(0);
  });
});

describe('the fs snapshot keeps packs whole up to PACK_FILE_LIMIT', () => {
  it('plans a git directory pack as `pack`, and drops its bytes past the limit', () => {
    const listed = [
      { path: 'repo/.git/HEAD', type: 'file' as const },
      { path: 'repo/.git/objects', type: 'directory' as const },
      { path: 'repo/.git/refs', type: 'directory' as const },
      { path: 'repo/.git/objects/pack/pack-1.pack', type: 'file' as const },
      { path: 'repo/.git/objects/pack/pack-1.idx', type: 'file' as const },
      { path: 'elsewhere/pack-1.pack', type: 'file' as const },
    ];
    const kept = planKeptBytes(listed);
    expect(kept.get('repo/.git/objects/pack/pack-1.pack')).toBe('pack');
    expect(kept.get('repo/.git/objects/pack/pack-1.idx')).toBe('keep');
    expect(kept.has('elsewhere/pack-1.pack')).toBe(false);
    const small = new BytesCollector('pack', 4);
    small.add(Buffer.from('PACK'));
    expect(small.bytes()).toEqual(Buffer.from('PACK'));
    expect(new BytesCollector('pack', PACK_FILE_LIMIT + 1).bytes()).toBeUndefined();
    // A file that grows past the limit while it is read is dropped too.
    const growing = new BytesCollector('pack', 4);
    growing.add(Buffer.alloc(PACK_FILE_LIMIT));
    growing.add(Buffer.alloc(1));
    expect(growing.bytes()).toBeUndefined();
  });
});
