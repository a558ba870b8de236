/**
 * A file's bytes held as consecutive pages of `pageSize` bytes (the last one may be shorter), so that
 * snapshots of one database share the pages that did not change: a page here is never written, and the same
 * page object in two snapshots means the same bytes (see `sameBytes` in btree.ts).
 */
export interface FilePages {
  /** The file's length in bytes: the pages' lengths summed. */
  readonly length: number;
  readonly pageSize: number;
  readonly pages: readonly Uint8Array[];
}

/** A database file's bytes as read from disk: whole, or as pages. */
export type FileBytes = Uint8Array | FilePages;

/**
 * Bytes `start` to `end` of the file (clamped to its length): a view when they lie in one page (always so
 * for a page of the size the file was split at, and for the header), a copy when they straddle pages.
 */
export function fileRange(bytes: FileBytes, start: number, end: number): Uint8Array {
  if (bytes instanceof Uint8Array) return bytes.subarray(start, end);
  const stop = Math.min(end, bytes.length);
  if (start >= stop) return new Uint8Array(0);
  const first = Math.floor(start / bytes.pageSize);
  const page = bytes.pages[first] as Uint8Array;
  const at = first * bytes.pageSize;
  if (stop - at <= page.length) return page.subarray(start - at, stop - at);
  const copy = new Uint8Array(stop - start);
  for (let index = first, filled = 0; filled < copy.length; index++) {
    const from = bytes.pages[index] as Uint8Array;
    const offset = index === first ? start - at : 0;
    const take = Math.min(from.length - offset, copy.length - filled);
    copy.set(from.subarray(offset, offset + take), filled);
    filled += take;
  }
  return copy;
}
