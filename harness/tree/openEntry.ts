import type { BigIntStats } from 'node:fs';
import { constants, readlinkSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import type { Directory } from './directory.js';
import { errorCode } from './directory.js';

/**
 * A file: never through a symlink (ELOOP instead), never blocking on a FIFO swapped in, never becoming the
 * controlling terminal. Absent flags (not Linux) are 0.
 */
const FILE_FLAGS =
  constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** How often an entry may change type under our feet before it is recorded as `unsettled`. */
const ATTEMPTS = 3;

/** What an entry is, as seen by `lstat` (and, for a symlink, `readlink` of the link itself). */
export type SeenEntry =
  | { readonly kind: 'seen'; readonly stat: BigIntStats; readonly target?: string }
  /** It kept changing type while being looked at: `stat` is how it was last seen. */
  | { readonly kind: 'unsettled'; readonly stat: BigIntStats }
  | { readonly kind: 'gone' };

/**
 * What an entry turned out to be when it was opened. Every kind is what the opened object itself is (fstat
 * of the fd, or readlink of the link), never what a name resolved to at some other moment.
 */
export type OpenedEntry =
  /** A regular file, open for reading: the caller closes `handle`. `stat` is its fstat. */
  | { readonly kind: 'file'; readonly handle: FileHandle; readonly stat: BigIntStats }
  | { readonly kind: 'directory'; readonly stat: BigIntStats }
  | { readonly kind: 'symlink'; readonly stat: BigIntStats; readonly target: string }
  /** A socket, FIFO or device. */
  | { readonly kind: 'other'; readonly stat: BigIntStats }
  /** A file that exists but cannot be opened (EACCES/EPERM; not as root). */
  | { readonly kind: 'unreadable'; readonly stat: BigIntStats }
  | { readonly kind: 'unsettled'; readonly stat: BigIntStats }
  | { readonly kind: 'gone' };

/**
 * Looks at the entry `name` of `directory` without following it: its `lstat`, and a symlink's target read
 * from the link itself. A link swapped for something else between the two is looked at again (up to 3 times).
 */
export async function lookAt(directory: Directory, name: string): Promise<SeenEntry> {
  let last: BigIntStats | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const stat = await lstatOrGone(directory, name);
    if (stat === undefined) return { kind: 'gone' };
    last = stat;
    if (!stat.isSymbolicLink()) return { kind: 'seen', stat };
    const target = readTarget(directory, name);
    if (target !== undefined) return { kind: 'seen', stat, target };
  }
  return last === undefined ? { kind: 'gone' } : { kind: 'unsettled', stat: last };
}

/**
 * Opens the entry `name` of `directory` without following a symlink and without blocking, and says what it is.
 * An entry swapped for another type between the look and the open is looked at again (up to 3 times), never
 * followed; one that vanished is `gone`. Only unexpected errors (EMFILE, EIO) are thrown.
 */
export async function openEntry(directory: Directory, name: string): Promise<OpenedEntry> {
  let last: BigIntStats | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const seen = await lookAt(directory, name);
    if (seen.kind !== 'seen') return seen;
    const { stat, target } = seen;
    last = stat;
    if (target !== undefined) return { kind: 'symlink', stat, target };
    if (stat.isDirectory()) return { kind: 'directory', stat };
    if (!stat.isFile()) return { kind: 'other', stat };
    const opened = await openFile(directory, name, stat);
    if (opened !== undefined) return opened;
  }
  return last === undefined ? { kind: 'gone' } : { kind: 'unsettled', stat: last };
}

/**
 * `openEntry` for an entry listed as a regular file a moment ago: opened straight away (one lookup fewer),
 * falling back to `openEntry` when the open says it is something else now.
 */
export async function openListedFile(directory: Directory, name: string): Promise<OpenedEntry> {
  const opened = await openFile(directory, name, undefined);
  return opened ?? openEntry(directory, name);
}

/** A link's target, read from the link itself; `undefined` when it is no longer a link or gone for now. */
function readTarget(directory: Directory, name: string): string | undefined {
  try {
    return readlinkSync(directory.child(name));
  } catch (error) {
    // EINVAL: no longer a link; ENOENT: gone for now. Look again.
    if (errorCode(error) === 'EINVAL' || errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

async function lstatOrGone(directory: Directory, name: string): Promise<BigIntStats | undefined> {
  try {
    return await directory.lstat(name);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Opens a file seen as a regular file; `undefined` when it changed since (look again), or, when it was not
 * looked at (`seen` undefined), whenever the open failed.
 */
async function openFile(
  directory: Directory,
  name: string,
  seen: BigIntStats | undefined,
): Promise<OpenedEntry | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(directory.child(name), FILE_FLAGS);
  } catch (error) {
    const code = errorCode(error);
    if (seen === undefined) {
      if (code === 'EMFILE' || code === 'ENFILE' || code === 'EIO') throw error;
      return undefined;
    }
    if (code === 'EACCES' || code === 'EPERM') return { kind: 'unreadable', stat: seen };
    // A socket swapped in cannot be opened.
    if (code === 'ENXIO') return { kind: 'other', stat: seen };
    // ELOOP: a symlink now; ENOENT: gone for now; ENOTDIR/EISDIR: changed. Look again.
    if (code === 'ELOOP' || code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
    throw error;
  }
  let stat: BigIntStats;
  try {
    stat = await handle.stat({ bigint: true });
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (stat.isFile()) return { kind: 'file', handle, stat };
  await handle.close();
  return stat.isDirectory() ? { kind: 'directory', stat } : { kind: 'other', stat };
}
