import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  fastForwardDistance,
  LOOSE_OBJECT_HEAD_BYTES,
  readLooseCommitParents,
} from '../../../../harness/environments/git/readLooseCommit.js';
import { TestRepository } from './gitFixture.js';

/** The first bytes of a loose object's file, as the fs snapshot keeps them. */
function head(repo: TestRepository, oid: string): Uint8Array {
  const file = join(repo.directory, '.git/objects', oid.slice(0, 2), oid.slice(2));
  return readFileSync(file).subarray(0, LOOSE_OBJECT_HEAD_BYTES);
}

describe('readLooseCommitParents (real git objects, cut as the snapshot keeps them)', () => {
  it('reads the parents of a merge commit whose message is far longer than the bytes kept', () => {
    using repo = new TestRepository();
    repo.write('a.txt', 'a\n').git('add', '.');
    repo.git('commit', '-q', '-m', 'root');
    repo.git('checkout', '-q', '-b', 'side');
    repo.write('b.txt', 'b\n').git('add', '.');
    repo.git('commit', '-q', '-m', 'side');
    repo.git('checkout', '-q', 'main');
    repo.write('c.txt', 'c\n').git('add', '.');
    repo.git('commit', '-q', '-m', 'main');
    const message = Array.from({ length: 400 }, (_, i) => `line ${i} of a long message`).join('\n');
    repo.git('merge', '-q', '--no-ff', 'side', '-m', message);
    const merge = repo.git('rev-parse', 'HEAD').trim();
    const file = join(repo.directory, '.git/objects', merge.slice(0, 2), merge.slice(2));
    expect(readFileSync(file).length).toBeGreaterThan(LOOSE_OBJECT_HEAD_BYTES);
    expect(readLooseCommitParents(head(repo, merge))).toEqual([
      repo.git('rev-parse', 'HEAD^1').trim(),
      repo.git('rev-parse', 'HEAD^2').trim(),
    ]);
    const root = repo.git('rev-list', '--max-parents=0', 'HEAD').trim();
    expect(readLooseCommitParents(head(repo, root))).toEqual([]);
  });

  it('reads nothing from a blob, a tree, or bytes that are no object', () => {
    using repo = new TestRepository();
    repo.write('a.txt', 'commit 12\0tree x\n').git('add', '.');
    repo.git('commit', '-q', '-m', 'root');
    expect(readLooseCommitParents(head(repo, repo.git('rev-parse', 'HEAD:a.txt').trim()))).toBeUndefined();
    expect(readLooseCommitParents(head(repo, repo.git('rev-parse', 'HEAD^{tree}').trim()))).toBeUndefined();
    expect(readLooseCommitParents(new Uint8Array([1, 2, 3]))).toBeUndefined();
    // A deflate bomb (a header, then a megabyte of one byte) reads as no commit.
    const bomb = deflateSync(Buffer.concat([Buffer.from('commit 1048576\0'), Buffer.alloc(1 << 20, 0x61)]));
    expect(bomb.length).toBeLessThan(LOOSE_OBJECT_HEAD_BYTES * 2);
    expect(readLooseCommitParents(bomb.subarray(0, LOOSE_OBJECT_HEAD_BYTES))).toBeUndefined();
  });
});

describe('fastForwardDistance', () => {
  const graph = new Map<string, string[]>([
    ['d', ['c', 'x']],
    ['c', ['b']],
    ['b', ['a']],
    ['x', ['a']],
  ]);
  const parents = (oid: string) => graph.get(oid);

  it('counts the commits on top of an ancestor, by the shortest path through a merge', () => {
    expect(fastForwardDistance('b', 'c', parents)).toBe(1);
    expect(fastForwardDistance('b', 'd', parents)).toBe(2);
    expect(fastForwardDistance('a', 'd', parents)).toBe(2);
  });

  it('finds no fast-forward to a sibling, backwards, or past a commit it cannot read', () => {
    expect(fastForwardDistance('x', 'c', parents)).toBeUndefined();
    expect(fastForwardDistance('d', 'a', parents)).toBeUndefined();
    expect(fastForwardDistance('z', 'd', parents)).toBeUndefined();
  });
});
