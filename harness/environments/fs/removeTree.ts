import { chmod, lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * `rm -rf`, also when the server left directories without write or search permission: on EACCES/EPERM every
 * directory is made owner-accessible, top down, and the removal retried once. A missing path is not an error.
 */
export async function removeTree(path: string): Promise<void> {
  try {
    await rm(path, { recursive: true, force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM') throw error;
    await openUp(path);
    await rm(path, { recursive: true, force: true });
  }
}

async function openUp(directory: string): Promise<void> {
  await chmod(directory, 0o700).catch(() => undefined);
  const names = await readdir(directory).catch(() => [] as string[]);
  for (const name of names) {
    const child = join(directory, name);
    const stats = await lstat(child).catch(() => undefined);
    if (stats?.isDirectory() === true) await openUp(child);
  }
}
