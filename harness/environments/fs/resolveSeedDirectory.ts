import { realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';

/**
 * The absolute, symlink-free path of a seed directory (`option`: `--fs`, or `--home`), or an error saying
 * what was wrong and what to do.
 */
export async function resolveSeedDirectory(seed: string, option = '--fs'): Promise<string> {
  const OMIT = `omit ${option} to start from an empty ${option === '--fs' ? 'sandbox' : 'directory'}`;
  if (seed.trim() === '') {
    throw new Error(
      `${option}: the seed directory is an empty string. Pass an existing directory, or ${OMIT}.`,
    );
  }
  const absolute = resolve(seed);
  let stats;
  try {
    stats = await stat(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new Error(
        `${option}: seed directory "${seed}" does not exist (resolved to ${absolute}). ` +
          `Pass an existing directory, or ${OMIT}.`,
        { cause: error },
      );
    }
    throw new Error(
      `${option}: cannot read seed directory "${seed}" (resolved to ${absolute}): ${String(code)}. ` +
        `Check its permissions, or ${OMIT}.`,
      { cause: error },
    );
  }
  if (!stats.isDirectory()) {
    throw new Error(
      `${option}: seed "${seed}" is not a directory (resolved to ${absolute}, which is a ${kindOf(stats)}). ` +
        `Pass the directory that contains it, or ${OMIT}.`,
    );
  }
  return realpath(absolute);
}

function kindOf(stats: { isFile(): boolean }): string {
  return stats.isFile() ? 'file' : 'special file';
}
