import { createHash } from 'node:crypto';
import type { FilePages } from '../sqlite/index.js';

/**
 * A SQLite database file kept as pages (see FilePages), with each page's sha256: what the next read of the
 * same path compares against and shares. Never changed once made.
 */
export interface KeptPages extends FilePages {
  readonly digests: readonly Buffer[];
  /**
   * The file's content digest (its `FsEntry.sha256`): the sha256 of the page size, the length and the pages'
   * digests. A function of the bytes alone (the page size is the header's), like a whole-file sha256, so two
   * files or two snapshots with the same bytes have the same digest; it is never mixed with one.
   */
  readonly sha256: string;
}

/**
 * `content`, a file's whole bytes, as pages of `pageSize`. A page with the same bytes at the same place in
 * `previous` (an earlier read of the same path) is that page object, digest included; the others are hashed,
 * and copied unless `owned` (then `content` is a buffer nothing else will write, and they are views of it).
 */
export function keepPages(
  content: Uint8Array,
  pageSize: number,
  owned: boolean,
  previous?: KeptPages,
): KeptPages {
  const count = Math.ceil(content.length / pageSize);
  const earlier = previous?.pageSize === pageSize ? previous : undefined;
  const pages: Uint8Array[] = new Array<Uint8Array>(count);
  const digests: Buffer[] = new Array<Buffer>(count);
  const moved: number[] = [];
  const whole = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  for (let index = 0; index < count; index++) {
    const page = whole.subarray(index * pageSize, Math.min((index + 1) * pageSize, content.length));
    const before = earlier?.pages[index];
    if (before !== undefined && page.equals(before)) {
      pages[index] = before;
      digests[index] = earlier?.digests[index] as Buffer;
    } else {
      pages[index] = page;
      moved.push(index);
    }
  }
  const copies = owned ? undefined : new Uint8Array(moved.length * pageSize);
  moved.forEach((index, at) => {
    const page = pages[index] as Uint8Array;
    digests[index] = createHash('sha256').update(page).digest();
    if (copies === undefined) return;
    const copy = copies.subarray(at * pageSize, at * pageSize + page.length);
    copy.set(page);
    pages[index] = copy;
  });
  const sha256 = createHash('sha256').update(`sqlite pages ${pageSize} ${content.length}\n`);
  for (const digest of digests) sha256.update(digest);
  return Object.freeze({
    length: content.length,
    pageSize,
    pages: Object.freeze(pages),
    digests: Object.freeze(digests),
    sha256: sha256.digest('hex'),
  });
}
