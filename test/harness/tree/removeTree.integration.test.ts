import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chownTree, Directory, removeTree, removeTreeSync } from '../../../harness/tree/index.js';

const work = mkdtempSync(join(tmpdir(), 'tree-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A tree with links out of it, to a canary directory and a canary file. */
function treeWithLinksOut(): { root: string; canary: string; canaryFile: string } {
  const canary = mkdtempSync(join(work, 'canary-'));
  const canaryFile = join(canary, 'keep.txt');
  writeFileSync(canaryFile, 'keep');
  const root = mkdtempSync(join(work, 'tree-'));
  mkdirSync(join(root, 'a/b'), { recursive: true });
  writeFileSync(join(root, 'a/b/c'), 'c');
  symlinkSync(canary, join(root, 'a/to-dir'));
  symlinkSync(canaryFile, join(root, 'a/b/to-file'));
  // Without write or search permission: removable all the same.
  chmodSync(join(root, 'a/b'), 0o500);
  return { root, canary, canaryFile };
}

describe.each([
  ['removeTree', (path: string) => removeTree(path)],
  ['removeTreeSync', (path: string) => Promise.resolve(removeTreeSync(path))],
])('%s', (_, remove) => {
  it('removes the tree and never what its links point at', async () => {
    const { root, canary, canaryFile } = treeWithLinksOut();
    await remove(root);
    expect(existsSync(root)).toBe(false);
    expect(readFileSync(canaryFile, 'utf8')).toBe('keep');
    expect(existsSync(canary)).toBe(true);
  });

  it('removes a link given as the root as a link, and a missing path is nothing to do', async () => {
    const { root, canary } = treeWithLinksOut();
    const link = join(work, `link-${randomUUID()}`);
    symlinkSync(canary, link);
    await remove(link);
    expect(existsSync(link)).toBe(false);
    expect(existsSync(join(canary, 'keep.txt'))).toBe(true);
    await remove(join(root, 'missing'));
  });

  it('removes a chain of 3,000 nested directories (one fd per level would be 3,000), links not followed', async () => {
    const { canary, canaryFile } = treeWithLinksOut();
    const root = mkdtempSync(join(work, 'deep-'));
    // Made level by level (chdir): its path is longer than any system call takes.
    const made = spawnSync('perl', ['-e', NEST, root, canary], { encoding: 'utf8' });
    expect(made.stderr).toBe('');
    await remove(root);
    expect(existsSync(root)).toBe(false);
    expect(readFileSync(canaryFile, 'utf8')).toBe('keep');
  });
});

const NEST =
  'my ($root, $canary) = @ARGV; chdir $root or die; for (1 .. 3000) { mkdir "d" or die; chdir "d" or die }' +
  ' open(my $f, ">", "f") or die; symlink($canary, "to-dir") or die;';

describe('chownTree', () => {
  it('hands over the tree and the links themselves, never what they point at', async () => {
    const { root, canary, canaryFile } = treeWithLinksOut();
    const owner = lstatSync(canaryFile).uid;
    const uid = owner === 0 ? 65_534 : owner;
    await using directory = await Directory.open(root);
    await chownTree(directory, uid);
    for (const path of ['', 'a', 'a/b', 'a/b/c', 'a/to-dir', 'a/b/to-file']) {
      expect(lstatSync(join(root, path)).uid, path).toBe(uid);
    }
    expect(lstatSync(canaryFile).uid).toBe(owner);
    expect(lstatSync(canary).uid).toBe(owner);
  });
});
