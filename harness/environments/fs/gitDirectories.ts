import type { Change } from '../change.js';
import { diffGitStates } from '../git/diffGitStates.js';
import type { GitFiles, GitState } from '../git/gitState.js';
import { isGitScratchPath, isGitStatePath, NOT_KEPT, readGitState } from '../git/gitState.js';
import { NotUnderstood } from '../notUnderstood.js';
import { understand } from '../understand.js';
import type { FsEntry } from './fsEntry.js';
import type { StructuredDiff } from './sqliteFiles.js';

type Entries = ReadonlyMap<string, FsEntry>;

/**
 * The git directories of a tree: directories holding a `HEAD` file and `objects` and `refs` directories
 * (`repo/.git`, or a bare repository). Pure.
 */
function gitDirectories(entries: Entries): string[] {
  const found: string[] = [];
  for (const [path, entry] of entries) {
    if (entry.type !== 'file' || !(path === 'HEAD' || path.endsWith('/HEAD'))) continue;
    const directory = path.slice(0, -'HEAD'.length);
    if (
      entries.get(`${directory}objects`)?.type === 'directory' &&
      entries.get(`${directory}refs`)?.type === 'directory'
    ) {
      found.push(directory.replace(/\/$/, ''));
    }
  }
  return found;
}

/**
 * The changes of every git directory found in either snapshot, by meaning (diffGitStates: refs, index entries,
 * objects), in `environment`; the files those are read from (HEAD, index, packed-refs, refs/**, objects/**)
 * are not reported as files, except those that could not be parsed. git's scratch files (COMMIT_EDITMSG,
 * ORIG_HEAD, FETCH_HEAD: isGitScratchPath) are one `counter` note each when rewritten. A git directory new in
 * `after` is compared with an empty one. Everything else inside it (config, hooks, logs) stays file by file, and
 * so does a repository nested inside it (`.git/objects/ab/.git`, made by `git init` there): never a cache refresh.
 * Pure.
 */
export function diffGitDirectories(old: Entries, now: Entries, environment: string): StructuredDiff {
  const changes: Change[] = [];
  const handled = new Set<string>();
  const notUnderstood = new Map<string, string>();
  const directories = new Set([...gitDirectories(old), ...gitDirectories(now)]);
  for (const directory of directories) {
    const prefix = directory === '' ? '' : `${directory}/`;
    // A repository inside this one (`git init .git/objects/ab`) is its own: its files are not this one's state.
    const nested = [...directories].filter((other) => other !== directory && other.startsWith(prefix));
    const owned = (path: string) => !nested.some((other) => path === other || path.startsWith(`${other}/`));
    const before = filesOf(old, prefix, owned);
    const after = filesOf(now, prefix, owned);
    if (after.size === 0) continue; // gone: its files are reported deleted one by one
    const changed = [...new Set([...before.keys(), ...after.keys()])]
      .filter((path) => isGitStatePath(path) && !same(old.get(prefix + path), now.get(prefix + path)))
      .sort();
    const name = directory === '' ? '.' : directory;
    const read = understand('git', keptBytes(before) + keptBytes(after), (budget) => {
      const a: GitState = readGitState(before, (path) => old.get(prefix + path)?.sha256, budget);
      const b: GitState = readGitState(after, (path) => now.get(prefix + path)?.sha256, budget);
      const unreadable = new Map([...a.unreadable, ...b.unreadable]);
      const readable = changed.filter((path) => !unreadable.has(path));
      return {
        unreadable,
        changes: changed.length === 0 ? [] : diffGitStates(environment, name, a, b, readable),
      };
    });
    if (read instanceof NotUnderstood) {
      // Every state file of the directory is compared as bytes, saying why.
      for (const path of [...before.keys(), ...after.keys()])
        if (isGitStatePath(path)) notUnderstood.set(prefix + path, read.message);
      continue;
    }
    const { unreadable } = read;
    for (const [path, reason] of unreadable)
      if (reason !== NOT_KEPT) notUnderstood.set(prefix + path, new NotUnderstood('git', reason).message);
    // The directories that hold state files (objects/ab, refs/heads) go with them.
    for (const entries of [old, now]) {
      for (const [path, entry] of entries) {
        const inside = path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
        if (inside === undefined || unreadable.has(inside) || !owned(path)) continue;
        if (isGitScratchPath(inside) && entry.type === 'file' && !handled.has(path)) {
          handled.add(path);
          if (!same(old.get(path), now.get(path))) {
            changes.push({
              kind: 'counter',
              environment,
              entity: `${name}#${inside}`,
              detail: `git's scratch file, rewritten; ${scratchHolder(inside)}`,
            });
          }
        }
        if (!isGitStatePath(inside)) continue;
        if (entry.type === 'file' || entry.type === 'directory') handled.add(path);
      }
    }
    changes.push(...read.changes);
  }
  return { changes, handled, notUnderstood };
}

/** The bytes kept of a git directory's files: what reading it may spend a budget for. */
function keptBytes(files: GitFiles): number {
  let total = 0;
  for (const bytes of files.values()) total += bytes?.length ?? 0;
  return total;
}

function scratchHolder(path: string): string {
  if (path === 'COMMIT_EDITMSG') return 'the commit holds its message';
  if (path === 'ORIG_HEAD') return 'the reflog holds the earlier position';
  return 'the remote refs hold what was fetched';
}

/** The files below `prefix` that `owned` keeps, by path relative to it, with their kept bytes. */
function filesOf(entries: Entries, prefix: string, owned: (path: string) => boolean): GitFiles {
  const files = new Map<string, Uint8Array | undefined>();
  for (const [path, entry] of entries) {
    if (entry.type === 'file' && path.startsWith(prefix) && owned(path))
      files.set(path.slice(prefix.length), entry.bytes);
  }
  return files;
}

function same(a: FsEntry | undefined, b: FsEntry | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.type === b.type && a.sha256 === b.sha256 && a.size === b.size && a.target === b.target;
}
