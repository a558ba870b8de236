import type { BigIntStats } from 'node:fs';
import {
  closeSync,
  constants,
  existsSync,
  fchmodSync,
  fchownSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
} from 'node:fs';
import { join } from 'node:path';

/** A directory: the last component is never a symlink (the earlier ones are reached through an open fd). */
export const DIRECTORY_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | (constants.O_NOFOLLOW ?? 0);

/**
 * Whether children can be named through `/proc/self/fd/<fd>/<name>`: a magic link to the open directory
 * itself, so no component of its path is resolved by name again. Elsewhere (no /proc, not Linux) there is no
 * isolation either, so the server runs as the same user and a path can reach nothing it could not itself.
 */
export const VIA_FD = process.platform === 'linux' && existsSync('/proc/self/fd');

/**
 * An open directory of a tree that a hostile process may be changing while hintproof reads it: every child is
 * named relative to this very directory (its fd), never by a path resolved again from the root. Owns its fd.
 * Its calls are synchronous system calls behind promises: a snapshot makes several per entry, and through the
 * thread pool each cost many times the call itself (the walk is CPU, not waiting, on a local sandbox).
 */
export class Directory implements AsyncDisposable {
  #open = true;

  private constructor(
    /** The directory's file descriptor (closed by `close`). */
    readonly fd: number,
    /** The path it was opened at, or its name in `parent`. */
    private readonly opened: string,
    private readonly parent?: Directory,
  ) {}

  /**
   * Where it was when opened: for messages only, never opened again. Made when asked for, not kept: in a chain
   * of 20,000 nested directories, every level holding its whole path is hundreds of millions of characters.
   */
  get path(): string {
    const names = [this.opened];
    for (let above = this.parent; above !== undefined; above = above.parent) names.push(above.opened);
    return join(...names.reverse());
  }

  /**
   * Opens `path`, which must be a directory and not a symlink. Its parents are resolved by name: call this only
   * on paths whose parents the server cannot write (hintproof's own run directory), or before it starts.
   */
  static open(path: string): Promise<Directory> {
    return settled(() => new Directory(openSync(path, DIRECTORY_FLAGS), path));
  }

  /** Opens the child directory `name` (ELOOP or ENOTDIR if it is not a directory, ENOENT if it is gone). */
  openChild(name: string): Promise<Directory> {
    return settled(() => new Directory(openSync(this.child(name), DIRECTORY_FLAGS), name, this));
  }

  /** A path naming `name` in this very directory, whatever has become of the path it was opened at. */
  child(name: string): string {
    return VIA_FD ? `/proc/self/fd/${this.fd}/${name}` : join(this.path, name);
  }

  /** The names in this directory (without `.` and `..`). */
  names(): Promise<string[]> {
    return settled(() => readdirSync(VIA_FD ? `/proc/self/fd/${this.fd}` : this.path));
  }

  /** The child `name` itself (a symlink is described, not followed). */
  lstat(name: string): Promise<BigIntStats> {
    return settled(() => lstatSync(this.child(name), { bigint: true }));
  }

  /** This directory's own stat. */
  stat(): Promise<BigIntStats> {
    return settled(() => fstatSync(this.fd, { bigint: true }));
  }

  /** Changes the owner of this very directory (never of what its path names now). */
  chown(uid: number, gid: number): Promise<void> {
    return settled(() => fchownSync(this.fd, uid, gid));
  }

  /** Changes the mode of this very directory. */
  chmod(mode: number): Promise<void> {
    return settled(() => fchmodSync(this.fd, mode));
  }

  /** Closes its fd; closing again does nothing (the fd number may belong to another file by then). */
  close(): Promise<void> {
    return settled(() => {
      if (!this.#open) return;
      this.#open = false;
      closeSync(this.fd);
    });
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

/** A synchronous call's result as a promise: rejected with what it threw, never thrown at the caller. */
function settled<T>(call: () => T): Promise<T> {
  return new Promise((resolve) => resolve(call()));
}

/** The errno code of a failed file-system call. */
export function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
