import { randomUUID } from 'node:crypto';
import { chmod, lstat, rename, rmdir, unlink } from 'node:fs/promises';
import { Directory, errorCode } from './directory.js';
import { mapConcurrent } from './mapConcurrent.js';

/** Entries removed at once in one directory. */
const CONCURRENCY = 16;

/**
 * Levels of directories held open at once below the root. A directory deeper than this is first moved up
 * into the root (renamed through the fds, nothing followed) and removed from there: a chain of 20,000 nested
 * directories would otherwise need 20,000 open fds (EMFILE).
 */
const OPEN_DEPTH = 64;

/**
 * `rm -rf path` that never follows a symlink at any component below `path`, even if the tree is being changed
 * while it runs: every entry is unlinked through its own directory's fd, and a directory is entered only if it
 * opens as one with O_NOFOLLOW (a directory swapped for a link is unlinked as the link). `path` itself is
 * looked up by name: its parents must be hintproof's own. Directories without write or search permission (not
 * as root) are opened up first. A missing path is not an error.
 */
export async function removeTree(path: string): Promise<void> {
  const stat = await lstat(path).catch((error: unknown) => {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  });
  if (stat === undefined) return;
  if (!stat.isDirectory()) return ignoreGone(unlink(path));
  let directory: Directory;
  try {
    directory = await Directory.open(path);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT') return;
    // Swapped for a link or a file since the look: remove that.
    if (code === 'ELOOP' || code === 'ENOTDIR') return ignoreGone(unlink(path));
    throw error;
  }
  try {
    // Until it is empty: what was too deep to remove in place was moved up into it meanwhile.
    for (let names = await directory.names(); names.length > 0; names = await directory.names()) {
      await empty(directory, { root: directory, depth: 0 }, names);
    }
  } finally {
    await directory.close();
  }
  await ignoreGone(rmdir(path));
}

/** Where an entry lies: the root being removed, and its depth below it. */
interface Place {
  readonly root: Directory;
  readonly depth: number;
}

/** Empties the open `directory`, closes it, then removes it by `path` (its name through its parent's fd). */
async function emptyAndRemove(directory: Directory, path: string, place: Place): Promise<void> {
  try {
    await empty(directory, place);
  } finally {
    await directory.close();
  }
  await ignoreGone(rmdir(path));
}

async function empty(directory: Directory, place: Place, listed?: string[]): Promise<void> {
  await directory.chmod(0o700).catch(() => {});
  const names = listed ?? (await directory.names());
  await mapConcurrent(names, CONCURRENCY, (name) => removeEntry(directory, name, place));
}

async function removeEntry(parent: Directory, name: string, place: Place, attempt = 1): Promise<void> {
  const path = parent.child(name);
  try {
    // unlink never follows the last component: a link is removed as a link.
    await unlink(path);
    return;
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT') return;
    if (code !== 'EISDIR' && code !== 'EPERM') throw error;
  }
  if (place.depth >= OPEN_DEPTH) {
    // Moved up into the root, under a new name: the root is listed again once this pass is done.
    return ignoreGone(rename(path, place.root.child(`.deep-${randomUUID()}`)));
  }
  let directory: Directory;
  try {
    directory = await parent.openChild(name);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT') return;
    // It changed type since the unlink: try again.
    if ((code === 'ELOOP' || code === 'ENOTDIR') && attempt < 3)
      return removeEntry(parent, name, place, attempt + 1);
    // Not as root, a directory without read permission opens only once opened up. Its owner is hintproof's
    // own user, so a link swapped in here could lead only to what that user may change anyway.
    if (code === 'EACCES' && attempt < 3) {
      await chmod(path, 0o700);
      return removeEntry(parent, name, place, attempt + 1);
    }
    throw error;
  }
  return emptyAndRemove(directory, path, { ...place, depth: place.depth + 1 });
}

async function ignoreGone(operation: Promise<void>): Promise<void> {
  try {
    await operation;
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}
