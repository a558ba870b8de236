import { stat } from 'node:fs/promises';
import { Directory, walkTree } from '../../tree/index.js';

/** The seed's tree, listed once per process; every copy is made from this list. */
export interface SeedManifest {
  /** Absolute, symlink-free. */
  readonly root: string;
  readonly rootMode: number;
  /** Parents before children. */
  readonly directories: readonly { readonly path: string; readonly mode: number }[];
  readonly files: readonly string[];
  readonly symlinks: readonly { readonly path: string; readonly target: string }[];
}

/**
 * Lists a seed directory (dotfiles included, symlinks as links). Sockets, FIFOs and devices cannot be copied
 * into a sandbox, so a seed containing one is refused with its path.
 */
export async function readSeedManifest(root: string, label: string, option = '--fs'): Promise<SeedManifest> {
  const rootMode = (await stat(root)).mode & 0o7777;
  const directory = await Directory.open(root);
  const walked = await walkTree(directory, { tolerant: false }).finally(() => directory.close());
  const directories: { path: string; mode: number }[] = [];
  const files: string[] = [];
  const symlinks: { path: string; target: string }[] = [];
  for (const entry of walked.entries) {
    if (entry.stat.isDirectory())
      directories.push({ path: entry.path, mode: Number(entry.stat.mode) & 0o7777 });
    else if (entry.stat.isFile()) files.push(entry.path);
    else if (entry.target !== undefined) symlinks.push({ path: entry.path, target: entry.target });
    else {
      throw new Error(
        `${option}: seed directory "${label}" contains "${entry.path}", which is a socket, FIFO or device and cannot ` +
          'be copied into a sandbox. Remove it from the seed, or pass a directory without it.',
      );
    }
  }
  return { root, rootMode, directories, files, symlinks };
}
