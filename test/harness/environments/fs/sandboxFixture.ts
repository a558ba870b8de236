import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';
import type { FsInstance, FsProvider } from '../../../../harness/environments/fs/index.js';
import { createFsProvider } from '../../../../harness/environments/fs/index.js';

/** A tree to write: path → file content, `{ link }` for a symlink, `{ dir }` for an (empty) directory. */
export type TreeSpec = Record<string, string | { link: string } | { dir: true; mode?: number }>;

/** Temp directories and instances made by a test file, removed after each test. */
export function useSandboxes(): {
  tempDir: () => Promise<string>;
  sandbox: (seed?: string) => Promise<FsInstance>;
  provider: (seed?: string) => Promise<FsProvider>;
} {
  const dirs: string[] = [];
  const disposables: AsyncDisposable[] = [];
  afterEach(async () => {
    for (const item of disposables.splice(0).reverse()) await item[Symbol.asyncDispose]();
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  const tempDir = async (): Promise<string> => {
    const dir = await mkdtemp(join(tmpdir(), 'hintproof-fs-test-'));
    dirs.push(dir);
    return dir;
  };
  const provider = async (seed?: string): Promise<FsProvider> => {
    const created = await createFsProvider(seed === undefined ? {} : { seed });
    disposables.push(created);
    return created;
  };
  const sandbox = async (seed?: string): Promise<FsInstance> => {
    const instance = await (await provider(seed)).create(await tempDir());
    disposables.push(instance);
    return instance;
  };
  return { tempDir, sandbox, provider };
}

export async function writeTree(root: string, tree: TreeSpec): Promise<void> {
  for (const [path, spec] of Object.entries(tree)) {
    const target = join(root, path);
    await mkdir(dirname(target), { recursive: true });
    if (typeof spec === 'string') await writeFile(target, spec);
    else if ('link' in spec) await symlink(spec.link, target);
    else await mkdir(target, { recursive: true, mode: spec.mode ?? 0o755 });
  }
}

/** Lets the filesystem clock tick past everything written so far, so the stat cache may trust it. */
export function tick(): Promise<void> {
  return new Promise((done) => setTimeout(done, 30));
}

export interface ModelEntry {
  readonly type: 'file' | 'directory' | 'symlink' | 'other';
  readonly mode: number;
  /** File content (latin1) or link target. */
  readonly content?: string;
}

/**
 * An independent reading of a tree, by the simplest means (sync lstat, readFile, readlink), with everything
 * that a snapshot may compare: the oracle for diffs. With `withTimes`, also mtime/ctime (to prove a tree was
 * not touched).
 */
export function readModel(root: string, withTimes = false): Map<string, ModelEntry & { times?: string }> {
  const model = new Map<string, ModelEntry & { times?: string }>();
  const visit = (dir: string, prefix: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const abs = join(dir, name);
      const path = prefix + name;
      const stat = lstatSync(abs, { bigint: true });
      const mode = Number(stat.mode) & 0o7777;
      const times = withTimes ? { times: `${stat.mtimeNs}/${stat.ctimeNs}/${stat.ino}` } : {};
      if (stat.isSymbolicLink())
        model.set(path, { type: 'symlink', mode, content: readlinkSync(abs), ...times });
      else if (stat.isFile())
        model.set(path, { type: 'file', mode, content: readFileSync(abs, 'latin1'), ...times });
      else if (stat.isDirectory()) {
        model.set(path, { type: 'directory', mode, ...times });
        visit(abs, `${path}/`);
      } else model.set(path, { type: 'other', mode, ...times });
    }
  };
  visit(root, '');
  return model;
}
