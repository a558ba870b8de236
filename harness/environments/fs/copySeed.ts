import { constants } from 'node:fs';
import { chmod, copyFile, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { mapConcurrent } from '../../tree/mapConcurrent.js';
import { removeTree } from '../../tree/index.js';
import type { SeedManifest } from './readSeedManifest.js';

/** Files copied at once. */
const CONCURRENCY = 16;

/**
 * Creates `destination` (which must not exist) as a copy of the seed: directories and their modes, files with
 * their modes (`copyFile` keeps them; a reflink where the filesystem offers one), symlinks verbatim. Works
 * from the manifest listed once, so a copy costs no walk of the seed: one mkdir per directory, one copy per
 * file. Directory modes are applied last, deepest first, so a read-only seed directory can still be filled.
 * On failure the partial copy is removed.
 */
export async function copySeed(
  manifest: SeedManifest | undefined,
  destination: string,
  option = '--fs',
): Promise<void> {
  try {
    await mkdir(destination, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new Error(
      `fs: sandbox directory ${destination} already exists. Each run needs a fresh run directory; ` +
        'create the instance in an empty one.',
      { cause: error },
    );
  }
  if (manifest === undefined) return;
  const target = (path: string): string => join(destination, ...path.split('/'));
  try {
    for (const directory of manifest.directories) await mkdir(target(directory.path), { mode: 0o700 });
    await mapConcurrent(manifest.files, CONCURRENCY, (path) =>
      copyFile(join(manifest.root, path), target(path), constants.COPYFILE_FICLONE),
    );
    await Promise.all(manifest.symlinks.map((link) => symlink(link.target, target(link.path))));
    for (const directory of [...manifest.directories].reverse())
      await chmod(target(directory.path), directory.mode);
    await chmod(destination, manifest.rootMode);
  } catch (error) {
    await removeTree(destination);
    throw new Error(
      `${option}: could not copy the seed ${manifest.root} into ${destination}: ${(error as Error).message}. ` +
        'Check that every file in the seed is readable and that it did not change since hintproof started.',
      { cause: error },
    );
  }
}
