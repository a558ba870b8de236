import { createHash } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FsPrefix } from './fsEntry.js';
import type { TextMode } from './jsonText.js';
import { TextCollector } from './jsonText.js';

const CHUNK_BYTES = 64 * 1024;

// O_NOFOLLOW: a file swapped for a link after `lstat` is not followed. O_NONBLOCK: a file swapped for a FIFO
// does not hang the open. Both are absent on Windows, where 0 leaves the flags as they were.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export type HashedFile =
  | {
      readonly kind: 'file';
      /** `fstat` of the opened file, taken before reading: the stat-cache key for this hash. */
      readonly stat: BigIntStats;
      /** Bytes actually hashed (differs from `stat.size` only when the file changed while being read). */
      readonly size: number;
      readonly sha256: string;
      readonly prefixes: readonly FsPrefix[];
      /** The content as text, when `textMode` asked for it and it qualified (see `TextCollector`). */
      readonly text?: string;
    }
  /** Gone, or no longer a regular file, since it was listed: the caller looks again. */
  | { readonly kind: 'changed' }
  /** Exists but cannot be opened (EACCES/EPERM). */
  | { readonly kind: 'unreadable' };

/**
 * The sha256 of a regular file in one read pass, plus the sha256 of its first N bytes for every N in
 * `prefixLengths` below its size (the running hash is copied at each boundary). Keeps no content, except
 * the text of a (probable) JSON file when `textMode` asks for it.
 */
export async function hashFile(
  path: string,
  prefixLengths: readonly number[],
  textMode: TextMode = 'none',
): Promise<HashedFile> {
  let handle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') return { kind: 'unreadable' };
    if (
      code === 'ENOENT' ||
      code === 'ELOOP' ||
      code === 'ENOTDIR' ||
      code === 'EISDIR' ||
      code === 'ENXIO'
    ) {
      return { kind: 'changed' };
    }
    throw error;
  }
  try {
    const stat = await handle.stat({ bigint: true });
    if (!stat.isFile()) return { kind: 'changed' };
    const boundaries = [...new Set(prefixLengths)]
      .filter((length) => length < Number(stat.size))
      .sort((a, b) => a - b);
    const hash = createHash('sha256');
    const collector = new TextCollector(textMode, Number(stat.size));
    const prefixes: FsPrefix[] = [];
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(4096, Number(stat.size) + 1)));
    let offset = 0;
    let nextBoundary = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      let start = 0;
      for (let b = boundaries[nextBoundary]; b !== undefined && b <= offset + bytesRead;) {
        hash.update(buffer.subarray(start, b - offset));
        start = b - offset;
        prefixes.push(Object.freeze({ length: b, sha256: hash.copy().digest('hex') }));
        b = boundaries[++nextBoundary];
      }
      hash.update(buffer.subarray(start, bytesRead));
      if (bytesRead === 0) break;
      collector.add(buffer.subarray(0, bytesRead));
      offset += bytesRead;
    }
    const text = collector.text();
    return {
      kind: 'file',
      stat,
      size: offset,
      sha256: hash.digest('hex'),
      prefixes: Object.freeze(prefixes),
      ...(text === undefined ? {} : { text }),
    };
  } finally {
    await handle.close();
  }
}
