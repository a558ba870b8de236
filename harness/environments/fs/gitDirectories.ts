import type { Change } from '../change.js';
import { diffGitStates } from '../git/diffGitStates.js';
import type { GitFiles, GitState } from '../git/gitState.js';
import { isGitStatePath, readGitState } from '../git/gitState.js';
import type { FsEntry } from './fsEntry.js';
import type { StructuredDiff } from './sqliteFiles.js';

type Entries = ReadonlyMap<string, FsEntry>;

/**
 * The git directories of a tree: directories holding a `HEAD` file and `objects` and `refs` directories
 * (`repo/.git`, or a bare repository). Pure.
 */
export function gitDirectories(entries: Entries): string[] {
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
 * are not reported as files, except those that could not be parsed. A git directory new in `after` is
 * compared with an empty one. Everything else inside it (config, hooks, logs) stays file by file. Pure.
 */
export function diffGitDirectories(old: Entries, now: Entries, environment: string): StructuredDiff {
  const changes: Change[] = [];
  const handled = new Set<string>();
  for (const directory of new Set([...gitDirectories(old), ...gitDirectories(now)])) {
    const prefix = directory === '' ? '' : `${directory}/`;
    const before = filesOf(old, prefix);
    const after = filesOf(now, prefix);
    if (after.size === 0) continue; // gone: its files are reported deleted one by one
    const changed = [...new Set([...before.keys(), ...after.keys()])]
      .filter((path) => isGitStatePath(path) && !same(old.get(prefix + path), now.get(prefix + path)))
      .sort();
    const a: GitState = readGitState(before);
    const b: GitState = readGitState(after);
    const unreadable = new Set([...a.unreadable, ...b.unreadable]);
    // The directories that hold state files (objects/ab, refs/heads) go with them.
    for (const entries of [old, now]) {
      for (const [path, entry] of entries) {
        const inside = path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
        if (inside === undefined || !isGitStatePath(inside) || unreadable.has(inside)) continue;
        if (entry.type === 'file' || entry.type === 'directory') handled.add(path);
      }
    }
    if (changed.length === 0) continue;
    const name = directory === '' ? '.' : directory;
    changes.push(
      ...diffGitStates(
        environment,
        name,
        a,
        b,
        changed.filter((path) => !unreadable.has(path)),
      ),
    );
  }
  return { changes, handled };
}

/** The files below `prefix`, by path relative to it, with their kept bytes. */
function filesOf(entries: Entries, prefix: string): GitFiles {
  const files = new Map<string, Uint8Array | undefined>();
  for (const [path, entry] of entries) {
    if (entry.type === 'file' && path.startsWith(prefix)) files.set(path.slice(prefix.length), entry.bytes);
  }
  return files;
}

function same(a: FsEntry | undefined, b: FsEntry | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.type === b.type && a.sha256 === b.sha256 && a.size === b.size && a.target === b.target;
}
