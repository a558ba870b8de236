import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, lstat, mkdir, readFile, readlink, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFsProvider } from '../../../../harness/environments/fs/index.js';
import { readModel, useSandboxes, writeTree } from './sandboxFixture.js';

const { tempDir, provider, sandbox } = useSandboxes();

const seedTree = {
  'notes/a.md': '# A\n',
  'notes/sub/b.md': 'bee',
  '.hidden': 'dot',
  '.config/settings.json': '{}',
  empty: { dir: true as const },
  'link-to-a': { link: 'notes/a.md' },
  dangling: { link: 'nowhere/at/all' },
};

async function makeSeed(): Promise<string> {
  const seed = join(await tempDir(), 'seed');
  await writeTree(seed, seedTree);
  await chmod(join(seed, 'notes/a.md'), 0o600);
  await chmod(join(seed, 'notes/sub'), 0o750);
  return seed;
}

describe('createFsProvider', () => {
  it('refuses a seed that does not exist, saying what was received and what to do', async () => {
    const missing = join(await tempDir(), 'notes');
    await expect(createFsProvider({ seed: missing })).rejects.toThrow(
      `--fs: seed directory "${missing}" does not exist (resolved to ${missing}). ` +
        'Pass an existing directory, or omit --fs to start from an empty sandbox.',
    );
  });

  it('resolves a relative seed in the message', async () => {
    const relative = './no-such-seed-dir-for-hintproof';
    await expect(createFsProvider({ seed: relative })).rejects.toThrow(
      `--fs: seed directory "${relative}" does not exist (resolved to ${resolve(relative)}).`,
    );
  });

  it('refuses a seed that is a file', async () => {
    const file = join(await tempDir(), 'notes.md');
    await writeFile(file, 'x');
    await expect(createFsProvider({ seed: file })).rejects.toThrow(
      `--fs: seed "${file}" is not a directory (resolved to ${file}, which is a file). ` +
        'Pass the directory that contains it, or omit --fs to start from an empty sandbox.',
    );
  });

  it('refuses an empty seed path instead of copying the working directory', async () => {
    await expect(createFsProvider({ seed: '' })).rejects.toThrow(
      '--fs: the seed directory is an empty string.',
    );
  });

  it.skipIf(process.platform === 'win32')('refuses a seed holding a FIFO, naming it', async () => {
    const seed = await makeSeed();
    execFileSync('mkfifo', [join(seed, 'notes/pipe')]);
    await expect(createFsProvider({ seed })).rejects.toThrow(
      `--fs: seed directory "${seed}" contains "notes/pipe", which is a socket, FIFO or device and cannot be ` +
        'copied into a sandbox. Remove it from the seed, or pass a directory without it.',
    );
  });

  it('starts from an empty sandbox without a seed', async () => {
    const instance = await sandbox();
    expect(instance.name).toBe('fs');
    expect(readModel(instance.root).size).toBe(0);
    expect((await instance.snapshot()).entries.size).toBe(0);
  });

  it('creates <runDirectory>/fs as a copy: dotfiles, modes, empty directories, symlinks verbatim', async () => {
    const seed = await makeSeed();
    const runDirectory = await tempDir();
    const instance = await (await provider(seed)).create(runDirectory);
    expect(instance.root).toBe(join(runDirectory, 'fs'));
    expect(instance.placeholders).toEqual({ fs: join(runDirectory, 'fs') });
    expect(readModel(instance.root)).toEqual(readModel(seed));
    expect(await readlink(join(instance.root, 'link-to-a'))).toBe('notes/a.md');
    expect((await lstat(join(instance.root, 'dangling'))).isSymbolicLink()).toBe(true);
    expect((await stat(join(instance.root, 'notes/a.md'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(instance.root, 'notes/sub'))).mode & 0o777).toBe(0o750);
    await instance[Symbol.asyncDispose]();
  });

  it('never modifies the seed, whatever is done to the copies', async () => {
    const seed = await makeSeed();
    const before = readModel(seed, true);
    const instance = await sandbox(seed);
    await instance.snapshot();
    await writeFile(join(instance.root, 'notes/a.md'), 'changed');
    await writeFile(join(instance.root, 'link-to-a'), 'through the link');
    await chmod(join(instance.root, 'notes/sub'), 0o700);
    await instance.snapshot();
    await instance[Symbol.asyncDispose]();
    expect(readModel(seed, true)).toEqual(before);
  });

  it('makes copies independent of each other', async () => {
    const seed = await makeSeed();
    const first = await sandbox(seed);
    const second = await sandbox(seed);
    const baseline = await second.snapshot();
    await writeFile(join(first.root, 'notes/a.md'), 'only in the first');
    await mkdir(join(first.root, 'new'));
    expect(second.diff(baseline, await second.snapshot())).toEqual([]);
    expect(await readFile(join(second.root, 'notes/a.md'), 'utf8')).toBe('# A\n');
  });

  it('copies a package as pkg: its writes named under pkg:, its code offered to no argument, what it wrote by value', async () => {
    const seed = join(await tempDir(), 'package');
    await writeTree(seed, {
      'package.json': '{"name":"p"}',
      'dist/index.js': 'x',
      'dist/seed.jsonl': '{"id":1}\n',
    });
    await using created = await createFsProvider({ environment: 'pkg', seed });
    await using instance = await created.create(await tempDir());
    expect(instance.root.endsWith('/pkg')).toBe(true);
    expect(instance.placeholders).toEqual({ pkg: instance.root });
    const before = await instance.snapshot();
    expect(instance.harvest(before)).toEqual([]);
    await writeFile(join(instance.root, 'dist/memory.jsonl'), '{"name":"ada"}\n');
    const after = await instance.snapshot();
    // What the server wrote there is offered, by value, never by path.
    expect(instance.harvest(after)).toContainEqual({ kind: 'name', value: 'ada' });
    expect(
      instance.harvest(after).filter((value) => value.kind === 'path' || value.kind === 'directory'),
    ).toEqual([]);
    expect(instance.diff(before, after)).toEqual([
      expect.objectContaining({ kind: 'add', environment: 'pkg', entity: 'dist/memory.jsonl' }),
    ]);
  });

  it('copies a hollow directory empty: a package without its nested dependencies', async () => {
    const seed = join(await tempDir(), 'package');
    await writeTree(seed, {
      'index.js': 'x',
      'node_modules/dep/index.js': 'y',
      'node_modules/.bin/dep': { link: '../dep/index.js' },
    });
    await using created = await createFsProvider({ environment: 'pkg', seed, hollow: ['node_modules'] });
    await using instance = await created.create(await tempDir());
    expect([...(await instance.snapshot()).entries.keys()]).toEqual(['index.js', 'node_modules']);
  });

  it('copies the seed as listed when the provider was created (later seed edits do not leak into runs)', async () => {
    const seed = await makeSeed();
    const created = await provider(seed);
    await writeFile(join(seed, 'added-later.md'), 'x');
    const instance = await created.create(await tempDir());
    expect(existsSync(join(instance.root, 'added-later.md'))).toBe(false);
    await instance[Symbol.asyncDispose]();
  });

  it('refuses to create over an existing sandbox directory', async () => {
    const runDirectory = await tempDir();
    await mkdir(join(runDirectory, 'fs'));
    await writeFile(join(runDirectory, 'fs', 'keep.txt'), 'mine');
    await expect((await provider()).create(runDirectory)).rejects.toThrow(
      /sandbox directory .* already exists/,
    );
    expect(await readFile(join(runDirectory, 'fs', 'keep.txt'), 'utf8')).toBe('mine');
  });

  it('disposing an instance removes its copy, also read-only directories inside it', async () => {
    const seed = await makeSeed();
    const runDirectory = await tempDir();
    const instance = await (await provider(seed)).create(runDirectory);
    await instance.snapshot();
    await mkdir(join(instance.root, 'locked/inner'), { recursive: true });
    await writeFile(join(instance.root, 'locked/inner/f'), 'x');
    await chmod(join(instance.root, 'locked'), 0o500);
    await instance[Symbol.asyncDispose]();
    expect(existsSync(instance.root)).toBe(false);
    expect(existsSync(`${instance.root}.clock`)).toBe(false);
    expect(existsSync(runDirectory)).toBe(true);
    await expect(instance.snapshot()).rejects.toThrow(/after the sandbox .* was disposed/);
  });

  it('disposing the provider leaves the seed and live instances alone, and refuses later creates', async () => {
    const seed = await makeSeed();
    const before = readModel(seed, true);
    const created = await createFsProvider({ seed });
    const instance = await created.create(await tempDir());
    await created[Symbol.asyncDispose]();
    await created[Symbol.asyncDispose]();
    expect(readModel(seed, true)).toEqual(before);
    expect(readModel(instance.root)).toEqual(readModel(seed));
    await instance[Symbol.asyncDispose]();
    await expect(created.create(await tempDir())).rejects.toThrow(/disposed provider/);
  });
});
