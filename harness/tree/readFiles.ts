import type { Directory } from './directory.js';
import { errorCode } from './directory.js';
import type { OpenedEntry } from './openEntry.js';
import { openEntry, openListedFile } from './openEntry.js';
import type { Tree, TreeEntry, TreeNode } from './walkTree.js';

/** Opens one listed entry (see `openEntry`); valid only while its `read` call runs. */
export type EntryOpener = () => Promise<OpenedEntry>;

interface NodeState {
  /** Files and subdirectories of the node not yet done. */
  left: number;
  /** The node's directory, reopened on first use (`undefined`: not the directory walked any more). */
  directory?: Promise<Directory | undefined>;
}

/**
 * Calls `read(entry, open)` for every entry of `tree` other than a directory, at most `limit` at once, in path
 * order. `open` opens the entry through its own directory, reopened from `root` one level at a time, each
 * through its parent's fd without following anything, and only when a `read` first opens something in it (a
 * snapshot whose files the stat cache vouches for opens nothing). A directory that is no longer the one walked
 * (moved, swapped for another or for a link, gone) makes the entries in and below it `gone`. A directory's fd
 * is closed once everything in it is done. `root` must be the directory `tree` was walked from.
 */
export async function readFiles<T>(
  root: Directory,
  tree: Tree,
  limit: number,
  read: (entry: TreeEntry, open: EntryOpener) => Promise<T>,
): Promise<Map<TreeEntry, T>> {
  const results = new Map<TreeEntry, T>();
  const states = new Map<TreeNode, NodeState>();
  const slots = semaphore(limit);
  const reads: Promise<void>[] = [];
  let failure: { error: unknown } | undefined;

  const directoryOf = (node: TreeNode): Promise<Directory | undefined> => {
    const parent = node.parent;
    if (parent === undefined) return Promise.resolve(root);
    const state = states.get(node) as NodeState;
    state.directory ??= directoryOf(parent).then((open) => (open ? reopen(open, node) : undefined));
    return state.directory;
  };
  /** One file or subdirectory of `node` is done: once all are, its fd (if opened) is closed. */
  const done = async (node: TreeNode): Promise<void> => {
    const state = states.get(node) as NodeState;
    state.left -= 1;
    if (state.left > 0) return;
    if (node.parent === undefined) return;
    await (await state.directory?.catch(() => undefined))?.close();
    await done(node.parent);
  };
  const dispatch = async (node: TreeNode): Promise<void> => {
    states.set(node, { left: node.files.length + node.subdirectories.length });
    if (node.files.length + node.subdirectories.length === 0 && node.parent) return done(node.parent);
    for (const entry of node.files) {
      await slots.acquire();
      const open: EntryOpener = async () => {
        const directory = await directoryOf(node);
        if (directory === undefined) return { kind: 'gone' };
        return entry.stat.isFile() ? openListedFile(directory, entry.name) : openEntry(directory, entry.name);
      };
      // After a failure, the rest is only counted down (so that every fd is closed), not read.
      const reading = (failure === undefined ? read(entry, open) : undefined)
        ?.then((value) => void results.set(entry, value))
        .catch((error: unknown) => {
          failure ??= { error };
        });
      const counted = (reading ?? Promise.resolve()).finally(() => {
        slots.release();
        return done(node);
      });
      reads.push(counted.catch(() => {}));
    }
    for (const subdirectory of node.subdirectories) await dispatch(subdirectory);
  };

  await dispatch(tree.root);
  await Promise.all(reads);
  if (failure !== undefined) throw failure.error;
  return results;
}

/** The walked directory `node` again, through `parent`; `undefined` when it is not the same directory any more. */
async function reopen(parent: Directory, node: TreeNode): Promise<Directory | undefined> {
  let directory: Directory;
  try {
    directory = await parent.openChild(node.name);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ELOOP' || code === 'ENOTDIR' || code === 'ENOENT' || code === 'EACCES') return undefined;
    throw error;
  }
  const stat = await directory.stat().catch(async (error: unknown) => {
    await directory.close();
    throw error;
  });
  if (stat.dev === node.dev && stat.ino === node.ino) return directory;
  await directory.close();
  return undefined;
}

function semaphore(limit: number): { acquire: () => Promise<void>; release: () => void } {
  let free = limit;
  const waiting: (() => void)[] = [];
  return {
    acquire: () => {
      if (free > 0) {
        free--;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    release: () => {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}
