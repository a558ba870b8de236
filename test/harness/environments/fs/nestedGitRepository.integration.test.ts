import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { diffFsSnapshots } from '../../../../harness/environments/fs/diffFsSnapshots.js';
import type { FsInstance } from '../../../../harness/environments/fs/index.js';
import { useSandboxes } from './sandboxFixture.js';

const { sandbox } = useSandboxes();

function git(box: FsInstance, ...args: string[]): void {
  execFileSync('git', ['-c', 'init.defaultBranch=main', ...args], {
    cwd: box.root,
    env: { PATH: process.env.PATH, HOME: box.root, GIT_CONFIG_NOSYSTEM: '1' },
  });
}

/** The changes a git command makes in a sandbox holding a repository at `repo`. */
async function changesOf(...args: string[]) {
  const box = await sandbox();
  git(box, 'init', '-q', 'repo');
  const before = await box.snapshot();
  git(box, ...args);
  return diffFsSnapshots(before, await box.snapshot());
}

describe('a repository made inside another one’s git directory (git_init of a published server)', () => {
  it.each(['repo/.git/objects/ab', 'repo/.git/refs/notes', 'repo/.git/info/x'])(
    'is reported as added, never as a cache refresh of the outer one (%s)',
    async (target) => {
      const changes = await changesOf('init', '-q', target);
      expect(changes.filter((change) => change.kind === 'counter')).toEqual([]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'add', entity: `${target}/.git` }));
      // Nothing of it passes for a ref, an index entry or an object of the outer repository.
      expect(changes.some((change) => change.entity.startsWith('repo/.git#'))).toBe(false);
    },
  );

  it('leaves a stat-cache refresh of the outer repository a note, as before', async () => {
    const changes = await changesOf('-C', 'repo', 'status', '--porcelain');
    expect(changes.every((change) => change.kind === 'counter')).toBe(true);
  });
});
