import type { BigIntStats } from 'node:fs';
import { constants, existsSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { lstat, open, readdir } from 'node:fs/promises';
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
 */
export class Directory implements AsyncDisposable {
  private constructor(
    readonly handle: FileHandle,
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
  static async open(path: string): Promise<Directory> {
    return new Directory(await open(path, DIRECTORY_FLAGS), path);
  }

  /** Opens the child directory `name` (ELOOP or ENOTDIR if it is not a directory, ENOENT if it is gone). */
  async openChild(name: string): Promise<Directory> {
    return new Directory(await open(this.child(name), DIRECTORY_FLAGS), name, this);
  }

  /** A path naming `name` in this very directory, whatever has become of the path it was opened at. */
  child(name: string): string {
    return VIA_FD ? `/proc/self/fd/${this.handle.fd}/${name}` : join(this.path, name);
  }

  /** The names in this directory (without `.` and `..`). */
  names(): Promise<string[]> {
    return readdir(VIA_FD ? `/proc/self/fd/${this.handle.fd}` : this.path);
  }

  /** The child `name` itself (a symlink is described, not followed). */
  lstat(name: string): Promise<BigIntStats> {
    return lstat(this.child(name), { bigint: true });
  }

  /** This directory's own stat. */
  stat(): Promise<BigIntStats> {
    return this.handle.stat({ bigint: true });
  }

  close(): Promise<void> {
    return this.handle.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

/** The errno code of a failed file-system call. */
export function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
