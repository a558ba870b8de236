import { closeSync, lstatSync, openSync, readdirSync, rmdirSync, rmSync, unlinkSync } from 'node:fs';
import { DIRECTORY_FLAGS, errorCode, VIA_FD } from './directory.js';

/**
 * `removeTree` for process exit, where nothing asynchronous runs any more: the same rule (every entry removed
 * through its own directory's fd, never through a symlink), synchronously and best effort.
 */
export function removeTreeSync(path: string): void {
  try {
    // Without /proc there is no isolation either: the server ran as hintproof's own user.
    if (!VIA_FD) return rmSync(path, { recursive: true, force: true });
    if (!lstatSync(path).isDirectory()) return unlinkSync(path);
    const fd = openSync(path, DIRECTORY_FLAGS);
    try {
      empty(fd);
    } finally {
      closeSync(fd);
    }
    rmdirSync(path);
  } catch {
    // Best effort: the process is ending.
  }
}

function empty(fd: number): void {
  const through = (name: string) => `/proc/self/fd/${fd}/${name}`;
  for (const name of readdirSync(`/proc/self/fd/${fd}`)) {
    try {
      unlinkSync(through(name));
      continue;
    } catch (error) {
      if (errorCode(error) !== 'EISDIR' && errorCode(error) !== 'EPERM') continue;
    }
    let child: number;
    try {
      child = openSync(through(name), DIRECTORY_FLAGS);
    } catch {
      continue;
    }
    try {
      empty(child);
    } finally {
      closeSync(child);
    }
    try {
      rmdirSync(through(name));
    } catch {
      // Best effort.
    }
  }
}
