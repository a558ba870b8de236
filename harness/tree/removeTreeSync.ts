import { randomUUID } from 'node:crypto';
import {
  closeSync,
  lstatSync,
  openSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  unlinkSync,
} from 'node:fs';
import { DIRECTORY_FLAGS, errorCode, VIA_FD } from './directory.js';

/** Levels of directories held open at once below the root (see `removeTree`). */
const OPEN_DEPTH = 64;

/**
 * `removeTree` for process exit, where nothing asynchronous runs any more: the same rule (every entry removed
 * through its own directory's fd, never through a symlink), synchronously and best effort. A directory more
 * than `OPEN_DEPTH` levels down is moved up into the root first, so fds and the stack stay bounded.
 */
export function removeTreeSync(path: string): void {
  try {
    // Without /proc there is no isolation either: the server ran as hintproof's own user.
    if (!VIA_FD) return rmSync(path, { recursive: true, force: true });
    if (!lstatSync(path).isDirectory()) return unlinkSync(path);
    const fd = openSync(path, DIRECTORY_FLAGS);
    try {
      // Until nothing is left: what was too deep was moved up into the root meanwhile.
      for (let names = readdirSync(`/proc/self/fd/${fd}`); names.length > 0;) {
        empty(fd, fd, 0, names);
        const before = new Set(names);
        const left = readdirSync(`/proc/self/fd/${fd}`);
        if (left.every((name) => before.has(name))) break; // nothing moved up: what is left stays
        names = left;
      }
    } finally {
      closeSync(fd);
    }
    rmdirSync(path);
  } catch {
    // Best effort: the process is ending.
  }
}

function empty(fd: number, root: number, depth: number, listed?: string[]): void {
  const through = (name: string) => `/proc/self/fd/${fd}/${name}`;
  for (const name of listed ?? readdirSync(`/proc/self/fd/${fd}`)) {
    try {
      unlinkSync(through(name));
      continue;
    } catch (error) {
      if (errorCode(error) !== 'EISDIR' && errorCode(error) !== 'EPERM') continue;
    }
    if (depth >= OPEN_DEPTH) {
      try {
        renameSync(through(name), `/proc/self/fd/${root}/.deep-${randomUUID()}`);
      } catch {
        // Best effort.
      }
      continue;
    }
    let child: number;
    try {
      child = openSync(through(name), DIRECTORY_FLAGS);
    } catch {
      continue;
    }
    try {
      empty(child, root, depth + 1);
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
