import { appendFile, chmod, mkdir, open, rename, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Change } from '../../../../harness/environments/change.js';
import type { FsInstance } from '../../../../harness/environments/fs/index.js';
import { useSandboxes, writeTree } from './sandboxFixture.js';

const { tempDir, sandbox } = useSandboxes();

/** A sandbox seeded with `tree`, its baseline snapshot, and a function returning the changes since then. */
async function observe(tree: Record<string, string>): Promise<{
  instance: FsInstance;
  at: (path: string) => string;
  changes: () => Promise<Change[]>;
}> {
  const seed = join(await tempDir(), 'seed');
  await mkdir(seed);
  await writeTree(seed, tree);
  const instance = await sandbox(seed);
  const before = await instance.snapshot();
  return {
    instance,
    at: (path) => join(instance.root, path),
    changes: async () => instance.diff(before, await instance.snapshot()),
  };
}

const change = (kind: Change['kind'], entity: string, detail: string): Change => ({
  kind,
  environment: 'fs',
  entity,
  detail,
});

describe('fs snapshot + diff', () => {
  it('reports nothing when nothing happened', async () => {
    const { changes } = await observe({ 'a.md': 'x', 'd/b.md': 'y' });
    expect(await changes()).toEqual([]);
  });

  it('reports added files, directories and symlinks, in path order', async () => {
    const { at, changes } = await observe({});
    await writeFile(at('z.txt'), 'hello world!');
    await mkdir(at('dir'));
    await writeFile(at('dir/one'), '1');
    await symlink('z.txt', at('link'));
    expect(await changes()).toEqual([
      change('add', 'dir', 'directory'),
      change('add', 'dir/one', 'file, 1 byte'),
      change('add', 'link', 'symlink → z.txt'),
      change('add', 'z.txt', 'file, 12 bytes'),
    ]);
  });

  it('reports deletions with what was there', async () => {
    const { at, changes } = await observe({ 'a.md': 'twelve bytes', 'd/b': 'b' });
    await rm(at('a.md'));
    await rm(at('d'), { recursive: true });
    expect(await changes()).toEqual([
      change('delete', 'a.md', 'file, 12 bytes'),
      change('delete', 'd', 'directory'),
      change('delete', 'd/b', 'file, 1 byte'),
    ]);
  });

  it('tells an append from a modification', async () => {
    const { at, changes } = await observe({ log: 'line 1\n', mid: 'abcdef', cut: 'abcdef', same: 'same' });
    await appendFile(at('log'), 'line 2\n');
    const handle = await open(at('mid'), 'r+');
    await handle.write('XY', 2);
    await handle.write('ghi', 6);
    await handle.close();
    await truncate(at('cut'), 3);
    await writeFile(at('same'), 'same');
    expect(await changes()).toEqual([
      { ...change('modify', 'cut#[line 1]', '"abcdef" → "abc"'), within: 'cut' },
      change('append', 'log', '+7 bytes'),
      { ...change('modify', 'mid#[line 1]', '"abcdef" → "abXYefghi"'), within: 'mid' },
    ]);
  });

  it('sees an append to an empty file as an append', async () => {
    const { at, changes } = await observe({ 'empty.log': '' });
    await appendFile(at('empty.log'), 'first');
    expect(await changes()).toEqual([change('append', 'empty.log', '+5 bytes')]);
  });

  it('reports a rename as a delete plus an add', async () => {
    const { at, changes } = await observe({ 'a.md': 'content' });
    await rename(at('a.md'), at('b.md'));
    expect(await changes()).toEqual([
      change('delete', 'a.md', 'file, 7 bytes'),
      change('add', 'b.md', 'file, 7 bytes'),
    ]);
  });

  it('ignores a temp-file-then-rename rewrite with identical content, and reports a different one', async () => {
    const { at, changes } = await observe({ 'a.md': 'content', 'b.md': 'content' });
    await writeFile(at('.a.md.tmp'), 'content');
    await rename(at('.a.md.tmp'), at('a.md'));
    await writeFile(at('.b.md.tmp'), 'content!');
    await rename(at('.b.md.tmp'), at('b.md'));
    expect(await changes()).toEqual([change('append', 'b.md', '+1 byte')]);
    await writeFile(at('.a.md.tmp'), 'CONTENT');
    await rename(at('.a.md.tmp'), at('a.md'));
    expect(await changes()).toContainEqual({
      ...change('modify', 'a.md#[line 1]', '"content" → "CONTENT"'),
      within: 'a.md',
    });
  });

  it('reports a mode change as a modification', async () => {
    const { at, changes } = await observe({ 'a.md': 'x', 'd/b': 'y' });
    await chmod(at('a.md'), 0o600);
    await chmod(at('d'), 0o700);
    expect(await changes()).toEqual([
      change('modify', 'a.md', 'mode 644 → 600'),
      change('modify', 'd', 'mode 755 → 700'),
    ]);
  });

  it('reports an append together with a mode change as a modification', async () => {
    const { at, changes } = await observe({ 'a.log': 'x' });
    await appendFile(at('a.log'), 'yz');
    await chmod(at('a.log'), 0o600);
    expect(await changes()).toEqual([change('modify', 'a.log', 'appended +2 bytes; mode 644 → 600')]);
  });

  it('reports a type change and a retargeted link as modifications', async () => {
    const { at, changes } = await observe({ x: 'file', 'target-1': '1', 'target-2': '2' });
    await symlink('target-1', at('link'));
    await changes();
    await rm(at('x'));
    await mkdir(at('x'));
    await rm(at('link'));
    await symlink('target-2', at('link'));
    expect((await changes()).filter((c) => c.kind === 'modify')).toEqual([
      change('modify', 'x', 'file → directory'),
    ]);
  });

  it('records dotfiles and dot-directories', async () => {
    const { instance, at, changes } = await observe({ '.env': 'A=1', '.git/HEAD': 'ref' });
    expect([...(await instance.snapshot()).entries.keys()]).toEqual(['.env', '.git', '.git/HEAD']);
    await writeFile(at('.git/HEAD'), 'ref2');
    expect(await changes()).toEqual([change('append', '.git/HEAD', '+1 byte')]);
  });

  it('records symlinks as links and never follows them out of the sandbox', async () => {
    const outside = await tempDir();
    await writeTree(outside, { 'secret.txt': 'secret', 'dir/inner.txt': 'inner', 'dir/deeper/x': 'x' });
    const { instance, at, changes } = await observe({});
    await symlink(join(outside, 'secret.txt'), at('to-file'));
    await symlink(join(outside, 'dir'), at('to-dir'));
    const snapshot = await instance.snapshot();
    expect([...snapshot.entries.keys()]).toEqual(['to-dir', 'to-file']);
    expect(snapshot.entries.get('to-dir')).toEqual({
      type: 'symlink',
      mode: 0o777,
      size: join(outside, 'dir').length,
      target: join(outside, 'dir'),
    });
    await writeFile(join(outside, 'secret.txt'), 'changed outside');
    await writeFile(join(outside, 'dir/inner.txt'), 'changed outside');
    expect(instance.diff(snapshot, await instance.snapshot())).toEqual([]);
    expect((await changes()).map((c) => `${c.kind} ${c.entity}`)).toEqual(['add to-dir', 'add to-file']);
    expect(instance.stats.filesHashed).toBe(0);
  });

  it('keeps earlier snapshots unchanged as later ones are taken', async () => {
    const { instance, at } = await observe({ 'a.md': 'one' });
    const first = await instance.snapshot();
    const copy = structuredClone([...first.entries]);
    await appendFile(at('a.md'), ' two');
    await writeFile(at('b.md'), 'b');
    await instance.snapshot();
    expect([...first.entries]).toEqual(copy);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.entries.get('a.md'))).toBe(true);
  });

  it('recognises an append against any earlier snapshot of the instance, not only the previous one', async () => {
    const { instance, at } = await observe({ 'a.log': 'one\n' });
    const first = await instance.snapshot();
    await appendFile(at('a.log'), 'two\n');
    await instance.snapshot();
    await appendFile(at('a.log'), 'three\n');
    const third = await instance.snapshot();
    expect(instance.diff(first, third)).toEqual([change('append', 'a.log', '+10 bytes')]);
  });
});
