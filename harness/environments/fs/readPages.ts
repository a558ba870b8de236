import type { FileHandle } from 'node:fs/promises';
import { declaredPageSize, hasSqliteHeader } from '../sqlite/index.js';
import type { KeptPages } from './keptPages.js';
import { keepPages } from './keptPages.js';

/** Largest spare buffer kept between reads, and how many: a database larger than this is read fresh. */
const SPARE_BYTES = 64 * 1024 * 1024;
const SPARES = 2;

/** Buffers a read of pages is made into and given back after: memory touched once, not at every snapshot. */
const spares: Buffer[] = [];

/**
 * Reads an open SQLite database file of `size` bytes (by its fstat) as pages of its header's page size (see
 * keepPages). With `previous`, an earlier read of the same path, the file is read into a spare buffer and
 * only its pages that differ from `previous`'s are hashed and copied: a snapshot of a large database that a
 * command changed in a few pages costs a read and a compare, no fresh memory and no whole-file hash. Without
 * it, the file is read into a buffer of its own, whose pages are views. `undefined` when the file grew while
 * being read, or no longer starts like a database with a valid page size (then it is read as bytes).
 */
export async function readPages(
  handle: FileHandle,
  size: number,
  previous?: KeptPages,
): Promise<KeptPages | undefined> {
  const spare = previous === undefined ? undefined : takeSpare(size + 1);
  const buffer = spare ?? Buffer.allocUnsafe(size + 1);
  try {
    let filled = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, filled, size + 1 - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
      if (filled > size) return undefined;
    }
    const content = buffer.subarray(0, filled);
    const pageSize = declaredPageSize(content.subarray(0, 18));
    if (pageSize === undefined || !hasSqliteHeader(content)) return undefined;
    return keepPages(content, pageSize, spare === undefined, previous);
  } finally {
    if (spare !== undefined) giveBack(spare);
  }
}

function takeSpare(size: number): Buffer | undefined {
  if (size > SPARE_BYTES) return undefined;
  const index = spares.findIndex((spare) => spare.length >= size);
  if (index >= 0) return spares.splice(index, 1)[0];
  // Room to grow: a database read after every command grows a page at a time.
  return Buffer.allocUnsafeSlow(Math.min(SPARE_BYTES, Math.ceil(Math.max(size, 64 * 1024) * 1.25)));
}

function giveBack(spare: Buffer): void {
  spares.push(spare);
  spares.sort((a, b) => b.length - a.length);
  spares.length = Math.min(spares.length, SPARES);
}
