import { lchown } from 'node:fs/promises';
import type { Directory } from './directory.js';
import { mapConcurrent } from './mapConcurrent.js';

/** Entries handed over at once in one directory. */
const CONCURRENCY = 16;

/**
 * Gives the open directory `directory` and everything below it to `uid` (and the group of the same number),
 * without following a symlink at any component: links are changed themselves (lchown), and a directory is
 * entered only if it opens as one with O_NOFOLLOW.
 */
export async function chownTree(directory: Directory, uid: number): Promise<void> {
  await directory.chown(uid, uid);
  const names = await directory.names();
  await mapConcurrent(names, CONCURRENCY, async (name) => {
    const stat = await directory.lstat(name);
    if (!stat.isDirectory()) return lchown(directory.child(name), uid, uid);
    const child = await directory.openChild(name);
    try {
      await chownTree(child, uid);
    } finally {
      await child.close();
    }
  });
}
