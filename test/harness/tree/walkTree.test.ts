import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFsProvider } from '../../../harness/environments/fs/index.js';
import { Directory, MAX_TREE_DEPTH, readFiles, TreeTooDeep, walkTree } from '../../../harness/tree/index.js';

const work = mkdtempSync(join(tmpdir(), 'tree-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const swapLoop = new URL('../../fixtures/hostile/swap-loop.pl', import.meta.url).pathname;

/** A directory outside the walked tree, holding a file whose name and content must never be seen. */
function secretDirectory(): { path: string; name: string; content: string } {
  const path = mkdtempSync(join(work, 'secret-'));
  const name = `secret-name-${randomUUID()}`;
  const content = `secret-content-${randomUUID()}`;
  writeFileSync(join(path, name), content);
  return { path, name, content };
}

describe('walkTree', () => {
  it('walks maxDepth levels of directories, and refuses one more (TreeTooDeep), tolerant or not', async () => {
    const root = mkdtempSync(join(work, 'deep-'));
    mkdirSync(join(root, 'a/b/c/d'), { recursive: true });
    writeFileSync(join(root, 'a/b/c/d/f'), 'f');
    await using directory = await Directory.open(root);
    const tree = await walkTree(directory, { tolerant: true, maxDepth: 4 });
    expect(tree.entries.map((entry) => entry.path)).toEqual(['a', 'a/b', 'a/b/c', 'a/b/c/d', 'a/b/c/d/f']);
    for (const tolerant of [true, false]) {
      await expect(walkTree(directory, { tolerant, maxDepth: 3 })).rejects.toThrow(TreeTooDeep);
    }
    await expect(walkTree(directory, { tolerant: true, maxDepth: 3 })).rejects.toThrow(
      'a directory tree more than 3 levels deep, which hintproof does not walk',
    );
    expect(MAX_TREE_DEPTH).toBe(256);
  });

  it('lists every entry with its lstat, links as links, sorted by path', async () => {
    const root = mkdtempSync(join(work, 'plain-'));
    mkdirSync(join(root, 'd/e'), { recursive: true });
    writeFileSync(join(root, 'd/e/f.txt'), 'f');
    writeFileSync(join(root, '.dot'), '.');
    const secret = secretDirectory();
    symlinkSync(secret.path, join(root, 'link'));
    await using directory = await Directory.open(root);
    const tree = await walkTree(directory, { tolerant: false });
    expect(
      tree.entries.map((entry) => [entry.path, entry.target ?? (entry.stat.isDirectory() ? 'dir' : 'file')]),
    ).toEqual([
      ['.dot', 'file'],
      ['d', 'dir'],
      ['d/e', 'dir'],
      ['d/e/f.txt', 'file'],
      ['link', secret.path],
    ]);
  });

  it('refuses to open a root that is a symlink', async () => {
    const link = join(work, `root-link-${randomUUID()}`);
    symlinkSync(secretDirectory().path, link);
    // O_DIRECTORY | O_NOFOLLOW on a link: ENOTDIR (or ELOOP), never the directory it points at.
    const code = await Directory.open(link).then(
      () => 'opened',
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(['ENOTDIR', 'ELOOP']).toContain(code);
  });

  it('reads files through the directories it walked, never through one swapped in later', async () => {
    const root = mkdtempSync(join(work, 'moved-'));
    mkdirSync(join(root, 'd'));
    writeFileSync(join(root, 'd/f'), 'walked');
    const secret = secretDirectory();
    writeFileSync(join(secret.path, 'f'), secret.content);
    await using directory = await Directory.open(root);
    const tree = await walkTree(directory, { tolerant: true });
    // Between the walk and the read, d becomes a link to a directory that holds an f of its own.
    rmSync(join(root, 'd'), { recursive: true });
    symlinkSync(secret.path, join(root, 'd'));
    const read = await readFiles(directory, tree, 4, async (entry, open) => {
      const opened = await open();
      if (opened.kind === 'file') await opened.handle.close();
      return `${entry.path}: ${opened.kind}`;
    });
    expect([...read.values()]).toEqual(['d/f: gone']);
  });
});

describe('an fs snapshot while the server swaps a directory and a symlink to a root-only directory in a loop', () => {
  it('never lists, hashes or keeps anything of the link target, and never fails', async () => {
    const secret = secretDirectory();
    const secretHash = createHash('sha256').update(secret.content).digest('hex');
    const provider = await createFsProvider({});
    await using instance = await provider.create(mkdtempSync(join(work, 'run-')));
    mkdirSync(join(instance.root, 'l3'));
    writeFileSync(join(instance.root, 'l3/ordinary.json'), '{"a":1}');
    symlinkSync(secret.path, join(instance.root, 'l3x'));
    const loop = spawn('perl', [swapLoop, 'l3', 'l3x'], { cwd: instance.root, stdio: 'ignore' });
    const kinds = new Set<string>();
    try {
      // Until the race has shown l3 as more than one kind of entry (and at least 40 times).
      for (let i = 0; i < 40 || (kinds.size < 2 && i < 2000); i++) {
        const snapshot = await instance.snapshot();
        for (const [path, entry] of snapshot.entries) {
          expect(path).not.toContain(secret.name);
          expect(entry.sha256).not.toBe(secretHash);
          expect(entry.text ?? '').not.toContain(secret.content);
          if (path === 'l3') kinds.add(entry.type);
        }
      }
    } finally {
      loop.kill('SIGKILL');
    }
    // The loop really raced the snapshots: l3 was seen as more than one kind of entry.
    expect(kinds.size).toBeGreaterThan(1);
  });
});
