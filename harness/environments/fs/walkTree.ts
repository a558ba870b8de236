import type { BigIntStats } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { comparePaths } from './fsEntry.js';

export interface WalkedEntry {
  /** Relative to the walked root, `/`-separated. */
  readonly path: string;
  readonly absolute: string;
  readonly stat: BigIntStats;
}

export interface WalkOptions {
  /**
   * `true` for a live sandbox: entries that vanish, or directories that cannot be listed, while walking are
   * skipped (the server may be mid-write). `false` for a seed: every error is thrown.
   */
  readonly tolerant: boolean;
}

/**
 * Every entry below `root` (not `root` itself, dotfiles included) with its `lstat`, sorted by path.
 * Symbolic links are reported as links and never followed. A missing root, or a root that is not a
 * directory, is an empty tree when tolerant.
 */
export async function walkTree(root: string, options: WalkOptions): Promise<WalkedEntry[]> {
  const found: WalkedEntry[] = [];

  const skippable = (error: unknown): boolean => {
    if (!options.tolerant) return false;
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES' || code === 'EPERM';
  };

  const visit = async (directory: string, prefix: string): Promise<void> => {
    let names: string[];
    try {
      names = await readdir(directory);
    } catch (error) {
      if (skippable(error)) return;
      throw error;
    }
    const children = await Promise.all(
      names.map(async (name): Promise<WalkedEntry | undefined> => {
        const absolute = join(directory, name);
        try {
          return { path: prefix + name, absolute, stat: await lstat(absolute, { bigint: true }) };
        } catch (error) {
          if (skippable(error)) return undefined;
          throw error;
        }
      }),
    );
    const subdirectories: Promise<void>[] = [];
    for (const child of children) {
      if (child === undefined) continue;
      found.push(child);
      if (child.stat.isDirectory()) subdirectories.push(visit(child.absolute, `${child.path}/`));
    }
    await Promise.all(subdirectories);
  };

  await visit(root, '');
  return found.sort((a, b) => comparePaths(a.path, b.path));
}
