import { describe, expect, it } from 'vitest';
import type { Change } from '../../../../harness/environments/change.js';
import { diffGitStates } from '../../../../harness/environments/git/diffGitStates.js';
import type { GitFiles } from '../../../../harness/environments/git/gitState.js';
import type { GitIndexEntry } from '../../../../harness/environments/git/readGitIndex.js';
import { readGitState } from '../../../../harness/environments/git/gitState.js';
import { changedFiles, TestRepository } from './gitFixture.js';

/** Content fields only: the state files are kept whole here, as readGitState would want them. */
function diff(before: GitFiles, after: GitFiles): string[] {
  return diffGitStates(
    'fs',
    'repo/.git',
    readGitState(before),
    readGitState(after),
    changedFiles(before, after),
  ).map((change: Change) => `${change.kind} ${change.entity} (${change.detail})`);
}

function seeded(): TestRepository {
  const repo = new TestRepository();
  repo.write('a.txt', 'a\n').write('src/b.ts', 'export {};\n').git('add', '.');
  repo.git('commit', '-q', '-m', 'first');
  return repo;
}

describe('diffGitStates (real git)', () => {
  it("sees only a counter when git status refreshes a copied repository's stat cache, and nothing the second time", () => {
    using seed = seeded();
    using repo = seed.copy();
    const first = repo.files();
    repo.git('status', '--porcelain');
    const second = repo.files();
    const refreshed = diff(first, second);
    expect(changedFiles(first, second)).toEqual(['index']);
    expect(refreshed).toEqual([
      'counter repo/.git#index (index rewritten with the same refs, index entries and objects (a cache refresh or repack))',
    ]);
    repo.git('status', '--porcelain');
    repo.git('diff');
    expect(diff(second, repo.files())).toEqual([]);
  });

  it('reports staging, committing, branching and tagging by meaning', () => {
    using repo = seeded();
    const start = repo.files();
    repo.write('a.txt', 'changed\n').write('c.txt', 'new\n').git('add', '.');
    const staged = repo.files();
    const stagedChanges = diff(start, staged);
    expect(stagedChanges.filter((line) => line.includes('#index/'))).toEqual([
      expect.stringMatching(
        /^modify repo\/\.git#index\/a\.txt \(100644 [0-9a-f]{12} → 100644 [0-9a-f]{12}\)$/,
      ),
      expect.stringMatching(/^add repo\/\.git#index\/c\.txt \(staged 100644 [0-9a-f]{12}\)$/),
    ]);
    expect(stagedChanges).toContainEqual(expect.stringMatching(/^add repo\/\.git#objects \(\+2 objects/));
    repo.git('commit', '-q', '-m', 'second');
    const committed = repo.files();
    expect(diff(staged, committed)).toEqual([
      expect.stringMatching(
        /^append repo\/\.git#refs\/heads\/main \([0-9a-f]{12} → [0-9a-f]{12}, fast-forward: 1 commit on top\)$/,
      ),
      expect.stringMatching(/^add repo\/\.git#objects \(\+2 objects/),
    ]);
    repo.git('branch', 'feature');
    repo.git('tag', '-a', 'v1', '-m', 'v1');
    expect(diff(committed, repo.files())).toEqual([
      expect.stringMatching(/^add repo\/\.git#refs\/heads\/feature \(ref [0-9a-f]{12}\)$/),
      expect.stringMatching(/^add repo\/\.git#refs\/tags\/v1 \(ref [0-9a-f]{12}\)$/),
      expect.stringMatching(/^add repo\/\.git#objects \(\+1 object/),
    ]);
  });

  it('calls a fast-forward over several commits an append, and a reset or an amend a modify', () => {
    using repo = seeded();
    repo.git('repack', '-a', '-d', '-q'); // the old commit is packed: only the new ones are loose
    repo.git('prune-packed');
    const start = repo.files();
    for (const n of [1, 2, 3]) {
      repo.write('a.txt', `${n}\n`).git('add', '.');
      repo.git('commit', '-q', '-m', `commit ${n}`);
    }
    const ahead = repo.files();
    expect(diff(start, ahead)).toContainEqual(
      expect.stringMatching(/^append repo\/\.git#refs\/heads\/main \(.*fast-forward: 3 commits on top\)$/),
    );
    repo.git('reset', '-q', '--hard', 'HEAD~2');
    expect(diff(ahead, repo.files())).toContainEqual(
      expect.stringMatching(/^modify repo\/\.git#refs\/heads\/main \([0-9a-f]{12} → [0-9a-f]{12}\)$/),
    );
    const reset = repo.files();
    repo.git('commit', '-q', '--amend', '-m', 'amended');
    expect(diff(reset, repo.files())).toContainEqual(
      expect.stringMatching(/^modify repo\/\.git#refs\/heads\/main \([0-9a-f]{12} → [0-9a-f]{12}\)$/),
    );
  });

  it('sees no change of state in packing refs and objects, and a delete when a branch goes', () => {
    using repo = seeded();
    repo.git('branch', 'old');
    const before = repo.files();
    repo.git('pack-refs', '--all');
    repo.git('repack', '-a', '-d', '-q');
    repo.git('prune-packed');
    const packed = repo.files();
    const repacked = diff(before, packed);
    expect(repacked).toHaveLength(1);
    expect(repacked[0]).toMatch(/^counter repo\/\.git#objects \(.*same refs, index entries and objects/);
    repo.git('branch', '-D', 'old');
    expect(diff(packed, repo.files())).toEqual([
      expect.stringMatching(/^delete repo\/\.git#refs\/heads\/old \(ref /),
    ]);
  });

  it.each([2, 3, 4])('reads index version %i as git ls-files -s does', (version) => {
    using repo = seeded();
    for (let i = 0; i < 30; i++) repo.write(`dir${i % 3}/file-${i}-${'x'.repeat(i)}.txt`, `${i}\n`);
    repo.git('add', '.');
    repo.git('update-index', '--index-version', String(version));
    if (version >= 3) repo.git('update-index', '--skip-worktree', 'a.txt');
    const entries = readGitState(repo.files()).index ?? new Map<string, GitIndexEntry>();
    const listed = [...entries.values()].map(
      (entry) => `${entry.mode} ${entry.oid} ${entry.stage}\t${entry.path}`,
    );
    expect(listed.join('\n')).toBe(repo.git('ls-files', '-s').trimEnd());
    if (version >= 3) expect(entries.get('0 a.txt')?.flags).toEqual(['skip-worktree']);
  });
});
