import { randomBytes } from 'node:crypto';
import {
  chmod,
  copyFile,
  link,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, normalize, sep } from 'node:path';
import type { UserIds } from '../../process/reachable.js';
import { closedPath, describeClosed } from '../../process/reachable.js';

/** Written last into a finished copy: its name and what it was copied from. */
const MARKER = '.hintproof-copy.json';

interface Marker {
  readonly name: string;
  /** Relative path → size of the files every user of the copy relies on (checked on reuse). */
  readonly sizes: Readonly<Record<string, number>>;
}

/**
 * A copy of the directory `source` named `name` (which carries its version) under the first of `bases` that
 * `user` can reach and that only root can change: made once, reused by every later hintproof process, and
 * made safely when several make it at once (each builds its own staging copy and renames it into place; the
 * first rename wins). Files are hard links where the source file is hintproof's own user's and not writable
 * by others (no extra disk), copies otherwise. `check` names files whose size must match the source on reuse.
 * Rejects with every base tried and why it was unusable.
 */
export async function sharedCopy(
  source: string,
  name: string,
  user: UserIds,
  bases: readonly string[],
  check: readonly string[],
): Promise<string> {
  const tried: string[] = [];
  for (const base of bases) {
    try {
      return await copyInto(source, name, user, base, check);
    } catch (error) {
      tried.push(`${base}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new Error(`no place for a copy it can read (${tried.join('; ')})`);
}

async function copyInto(
  source: string,
  name: string,
  user: UserIds,
  base: string,
  check: readonly string[],
): Promise<string> {
  await mkdir(base, { recursive: true, mode: 0o755 });
  await trusted(base);
  const closed = closedPath(base, user);
  if (closed !== undefined) throw new Error(`closed to it at ${describeClosed(closed)}`);
  const final = join(base, name);
  const expected = await sizesOf(source, check);
  if (await valid(final, name, expected)) return final;
  const stage = join(base, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}`);
  try {
    await copyTree(source, stage, stage);
    await writeFile(join(stage, MARKER), JSON.stringify({ name, sizes: expected } satisfies Marker));
    await chmod(stage, 0o755);
    try {
      await rename(stage, final);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      // Another process finished first; a broken copy (no marker: made by someone else) is replaced.
      if (!(await valid(final, name, expected))) {
        const stale = `${stage}.stale`;
        await rename(final, stale);
        await rename(stage, final);
        await rm(stale, { recursive: true, force: true });
      }
    }
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
  if (!(await valid(final, name, expected))) throw new Error(`${final} is not a complete copy`);
  return final;
}

/** A directory only root (or hintproof's own user) can change, on a path nobody else can redirect. */
async function trusted(directory: string): Promise<void> {
  const me = process.getuid?.() ?? 0;
  const real = join(await realpath(dirname(directory)), basename(directory));
  for (let path = real; ; path = dirname(path)) {
    const stats = await lstat(path);
    const sticky = (stats.mode & 0o1000) !== 0 && path !== real;
    if (stats.isSymbolicLink() || !stats.isDirectory()) throw new Error(`${path} is not a directory`);
    if ((stats.uid !== 0 && stats.uid !== me) || ((stats.mode & 0o022) !== 0 && !sticky)) {
      throw new Error(
        `${path} may be changed by other users (mode ${(stats.mode & 0o7777).toString(8)}, uid ${stats.uid})`,
      );
    }
    if (path === dirname(path)) return;
  }
}

async function valid(
  copy: string,
  name: string,
  expected: Readonly<Record<string, number>>,
): Promise<boolean> {
  try {
    const marker = JSON.parse(await readFile(join(copy, MARKER), 'utf8')) as Marker;
    if (marker.name !== name) return false;
    for (const [file, size] of Object.entries(expected)) {
      if (marker.sizes[file] !== size || (await stat(join(copy, file))).size !== size) return false;
    }
    return true;
  } catch {
    return false;
  }
}

async function sizesOf(source: string, files: readonly string[]): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  for (const file of files) sizes[file] = (await stat(join(source, file))).size;
  return sizes;
}

/** Copies a tree: directories 0755, files linked or copied with their mode, relative symlinks kept inside. */
async function copyTree(from: string, to: string, root: string): Promise<void> {
  await mkdir(to, { mode: 0o755 });
  await chmod(to, 0o755);
  const me = process.getuid?.() ?? 0;
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      await copyTree(source, target, root);
    } else if (entry.isSymbolicLink()) {
      const pointsTo = await readlink(source);
      const resolved = normalize(join(dirname(target), pointsTo));
      if (isAbsolute(pointsTo) || !resolved.startsWith(root + sep)) {
        throw new Error(`${source} links outside its package (${pointsTo})`);
      }
      await symlink(pointsTo, target);
    } else if (entry.isFile()) {
      const stats = await stat(source);
      const ours = stats.uid === me && (stats.mode & 0o022) === 0;
      const linked =
        ours &&
        (await link(source, target).then(
          () => true,
          () => false,
        ));
      if (!linked) {
        await copyFile(source, target);
        await chmod(target, stats.mode & 0o755);
      }
    }
  }
}
