import type { BigIntStats } from 'node:fs';
import { comparePaths } from './comparePaths.js';
import type { Directory } from './directory.js';
import { errorCode } from './directory.js';
import { mapConcurrent } from './mapConcurrent.js';
import { traverse } from './traverse.js';
import { MAX_TREE_DEPTH, TreeTooDeep } from './treeTooDeep.js';
import type { SeenEntry } from './openEntry.js';
import { lookAt } from './openEntry.js';

/** Children looked at at once in one directory. */
const CONCURRENCY = 32;

/** Directories listed at once. */
const DIRECTORIES_AT_ONCE = 8;

/** One entry below the walked root. */
export interface TreeEntry {
  /** Relative to the root, `/`-separated. */
  readonly path: string;
  readonly name: string;
  /**
   * `lstat` when listed; for a directory, the `fstat` of the directory actually opened and walked. An entry
   * that kept changing type while listed is recorded as its last `lstat` (and `unsettled`).
   */
  readonly stat: BigIntStats;
  /** A symlink's target, as read from the link itself (never followed). */
  readonly target?: string;
  /** It kept changing type while it was listed (see `openEntry`): neither walked nor read. */
  readonly unsettled?: true;
  /** The directory it was listed in. */
  readonly parent: TreeNode;
}

/** A directory of the walked tree, as walked. */
export interface TreeNode {
  /** Relative to the root (`''` for the root itself). */
  readonly path: string;
  readonly name: string;
  readonly parent?: TreeNode;
  /** Identity of the directory walked: a directory swapped in later is not this one. */
  readonly dev: bigint;
  readonly ino: bigint;
  /** Its entries other than directories, in name order. */
  readonly files: TreeEntry[];
  /** Its subdirectories that were walked, in name order. */
  readonly subdirectories: TreeNode[];
}

export interface Tree {
  readonly root: TreeNode;
  /** Every entry below the root (not the root itself), sorted by path. */
  readonly entries: readonly TreeEntry[];
}

export interface WalkOptions {
  /**
   * `true` for a live sandbox: entries that vanish while walking are left out, and directories that cannot
   * be listed are empty. `false` for a seed: every error is thrown.
   */
  readonly tolerant: boolean;
  /** Levels of directories walked below the root (default `MAX_TREE_DEPTH`); deeper ones throw `TreeTooDeep`. */
  readonly maxDepth?: number;
}

/**
 * Every entry below the open directory `root` with its stat, sorted by path; dotfiles included. Nothing is
 * ever followed: each directory is opened through its parent's fd with O_NOFOLLOW, so a directory swapped for
 * a symlink (even in a tight loop) is recorded as the link, never walked into. Directories are listed several
 * at once (see `traverse`). A directory more than `maxDepth` levels below the root ends the walk with
 * `TreeTooDeep`: the paths of a deeper chain would fill memory, whatever the tolerance.
 */
export async function walkTree(root: Directory, options: WalkOptions): Promise<Tree> {
  const rootStat = await root.stat();
  const top: TreeNode = {
    path: '',
    name: '',
    dev: rootStat.dev,
    ino: rootStat.ino,
    files: [],
    subdirectories: [],
  };
  const found: TreeEntry[] = [];
  const maxDepth = options.maxDepth ?? MAX_TREE_DEPTH;
  const depths = new WeakMap<TreeNode, number>([[top, 0]]);
  const tolerate = (error: unknown): boolean => {
    if (!options.tolerant) return false;
    const code = errorCode(error);
    return (
      code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES' || code === 'EPERM' || code === 'ELOOP'
    );
  };

  const record = (node: TreeNode, name: string, entry: SeenEntry): void => {
    if (entry.kind === 'gone') return;
    const path = node.path === '' ? name : `${node.path}/${name}`;
    const recorded: TreeEntry =
      entry.kind === 'unsettled'
        ? { path, name, stat: entry.stat, unsettled: true, parent: node }
        : {
            path,
            name,
            stat: entry.stat,
            ...(entry.target === undefined ? {} : { target: entry.target }),
            parent: node,
          };
    node.files.push(recorded);
    found.push(recorded);
  };
  const look = (directory: Directory, name: string): Promise<SeenEntry> =>
    lookAt(directory, name).catch((error: unknown) => {
      if (tolerate(error)) return { kind: 'gone' } as const;
      throw error;
    });

  /** Lists one directory: records its entries, and returns its subdirectories to walk. */
  const visit = async (directory: Directory, node: TreeNode): Promise<Subdirectory[]> => {
    let names: string[];
    try {
      names = (await directory.names()).sort(comparePaths);
    } catch (error) {
      if (tolerate(error)) return [];
      throw error;
    }
    const seen = await mapConcurrent(names, CONCURRENCY, (name) => look(directory, name));
    const subdirectories: Subdirectory[] = [];
    for (const [index, name] of names.entries()) {
      const entry = seen[index] as SeenEntry;
      if (entry.kind === 'seen' && entry.stat.isDirectory()) subdirectories.push({ node, name });
      else record(node, name, entry);
    }
    return subdirectories;
  };

  /** Opens a subdirectory to walk it; when it is no longer one, records what it is now instead. */
  const open = async (parent: Directory, { node, name }: Subdirectory) => {
    const depth = (depths.get(node) ?? 0) + 1;
    if (depth > maxDepth) throw new TreeTooDeep(maxDepth);
    const path = node.path === '' ? name : `${node.path}/${name}`;
    const walked = await descend(parent, node, name, path);
    if (walked !== undefined) {
      depths.set(walked.node, depth);
      found.push(walked.entry);
      node.subdirectories.push(walked.node);
      return [walked.directory, walked.node] as const;
    }
    const now = await look(parent, name);
    record(
      node,
      name,
      now.kind === 'seen' && now.stat.isDirectory() ? { kind: 'unsettled', stat: now.stat } : now,
    );
    return undefined;
  };

  await traverse(root, top, DIRECTORIES_AT_ONCE, visit, open);
  const byPath = (a: { path: string }, b: { path: string }) => comparePaths(a.path, b.path);
  sortNodes(top, byPath);
  return { root: top, entries: found.sort(byPath) };
}

/** A subdirectory listed in `node`, still to be opened and walked. */
interface Subdirectory {
  readonly node: TreeNode;
  readonly name: string;
}

/** Directories are listed in parallel: their entries land in any order, sorted here for deterministic readers. */
function sortNodes(node: TreeNode, byPath: (a: { path: string }, b: { path: string }) => number): void {
  node.files.sort(byPath);
  node.subdirectories.sort(byPath);
  for (const subdirectory of node.subdirectories) sortNodes(subdirectory, byPath);
}

/** Opens the subdirectory `name` to walk it; `undefined` when it is no longer a directory (or is gone). */
async function descend(
  parent: Directory,
  node: TreeNode,
  name: string,
  path: string,
): Promise<{ directory: Directory; node: TreeNode; entry: TreeEntry } | undefined> {
  let directory: Directory;
  try {
    directory = await parent.openChild(name);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ELOOP' || code === 'ENOTDIR' || code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const stat = await directory.stat();
    const child: TreeNode = {
      path,
      name,
      parent: node,
      dev: stat.dev,
      ino: stat.ino,
      files: [],
      subdirectories: [],
    };
    return { directory, node: child, entry: { path, name, stat, parent: node } };
  } catch (error) {
    await directory.close();
    throw error;
  }
}
