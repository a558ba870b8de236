import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { FsPrefix } from './fsEntry.js';
import { GrowingBytes } from './growingBytes.js';
import type { TextMode } from './jsonText.js';
import { sniffedNotText, TextCollector } from './jsonText.js';
import type { BytesMode } from './keptBytes.js';
import { BytesCollector, keptWhole } from './keptBytes.js';
import type { KeptPages } from './keptPages.js';
import { keepPages } from './keptPages.js';
import { declaredPageSize } from '../sqlite/index.js';
import { readPages } from './readPages.js';

const CHUNK_BYTES = 64 * 1024;

/**
 * Where an earlier read of a file whose bytes were kept whole ended: enough to go on from there when the file
 * has only grown (a SQLite `-wal` grows by every write of a session; read whole each time, a long session
 * read it quadratically). Never changed once made; `hash` is copied, never digested.
 */
interface ReadPoint {
  readonly bytes: Uint8Array;
  /** The running sha256 after `bytes`. */
  readonly hash: Hash;
  readonly sha256: string;
  readonly prefixes: readonly FsPrefix[];
}

/** An earlier read of the same path to go on from: kept bytes that may have grown, or a database's pages. */
export type EarlierRead = ReadPoint | KeptPages;

export interface HashedFile {
  /** Bytes actually hashed (differs from `stat.size` only when the file changed while being read). */
  readonly size: number;
  readonly sha256: string;
  readonly prefixes: readonly FsPrefix[];
  /** The content as text, when `textMode` asked for it and it qualified (see `TextCollector`). */
  readonly text?: string;
  /** The content itself, when `bytesMode` asked for it and it qualified (see `BytesCollector`). */
  readonly bytes?: Uint8Array;
  /** Instead of `bytes`, a SQLite database's content as pages (see `readPages`); `sha256` is their digest. */
  readonly pages?: KeptPages;
  /** What the next read of the path may go on from: where a whole read of kept bytes ended, or the pages. */
  readonly point?: EarlierRead;
}

/**
 * The sha256 of an open regular file in one read pass, plus the sha256 of its first N bytes for every N in
 * `prefixLengths` below its size (the running hash is copied at each boundary). `stat` is the file's fstat,
 * taken when it was opened (see `openEntry`, which opens files without following links). Keeps no content,
 * except the text of a text file when `textMode` asks for it, and the bytes of a file read by
 * meaning (a SQLite database by its header; git state files and database companions) as `bytesMode` asks.
 *
 * A database (bytes mode `sqlite`, the header there, no text kept) is kept as pages instead (see `readPages`),
 * however it was read, so that its digest is always the same function of its bytes.
 *
 * With `from`, an earlier read of the same path whose bytes were kept whole: when the file still begins with
 * exactly those bytes (compared byte for byte, never trusted), only what follows them is hashed and copied;
 * the result is the same as a whole read's. When it was kept as pages, the pages that did not change are
 * shared. Does not close `handle`.
 */
export async function hashFile(
  handle: FileHandle,
  stat: BigIntStats,
  prefixLengths: readonly number[],
  textMode: TextMode = 'none',
  bytesMode: BytesMode = 'sqlite',
  from?: EarlierRead,
): Promise<HashedFile> {
  const size = Number(stat.size);
  const boundaries = [...new Set(prefixLengths)].filter((length) => length < size).sort((a, b) => a - b);
  const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(4096, size + 1)));
  const earlierPages = from !== undefined && 'digests' in from ? from : undefined;
  const point = from !== undefined && !('digests' in from) ? from : undefined;
  const first = bytesMode === 'sqlite' ? await head(handle, buffer) : undefined;
  if (keptWhole(bytesMode, size, first)) {
    if (first !== undefined && textMode !== 'keep' && declaredPageSize(first) !== undefined) {
      const pages = await readPages(handle, size, earlierPages);
      if (pages !== undefined) return paged(pages);
    }
    // A file sniffed for text and found binary decides the same once it only grew: its first bytes are the same.
    const textless =
      textMode === 'none' || (textMode === 'sniff' && point !== undefined && sniffedNotText(point.bytes));
    const grown =
      point === undefined || !textless
        ? undefined
        : await readGrown(handle, buffer, boundaries, point, bytesMode);
    if (grown !== undefined) return grown;
    const whole = await readWhole(handle, size, boundaries, textMode, bytesMode);
    if (whole !== undefined) return asPages(whole, bytesMode, earlierPages);
  }
  const running = new RunningHash(createHash('sha256'), boundaries, []);
  const collector = new TextCollector(textMode, size);
  const kept = new BytesCollector(bytesMode, size);
  let offset = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
    running.update(buffer.subarray(0, bytesRead), offset);
    if (bytesRead === 0) break;
    collector.add(buffer.subarray(0, bytesRead));
    kept.add(buffer.subarray(0, bytesRead));
    offset += bytesRead;
  }
  const text = collector.text();
  const bytes = kept.bytes();
  const whole = bytes !== undefined && bytes.length === offset && text === undefined;
  return asPages(running.result(offset, bytes, whole, text), bytesMode, earlierPages);
}

/** A database's pages as the result of a read. */
function paged(pages: KeptPages): HashedFile {
  return { size: pages.length, sha256: pages.sha256, prefixes: [], pages, point: pages };
}

/**
 * A read whose bytes turned out to be a database's (the file changed while it was read, so it was read as
 * bytes after all), kept as pages all the same: its digest must not depend on how it was read.
 */
function asPages(read: HashedFile, mode: BytesMode, previous: KeptPages | undefined): HashedFile {
  const { bytes } = read;
  if (mode !== 'sqlite' || bytes === undefined || read.text !== undefined || bytes.length !== read.size)
    return read;
  const pageSize = declaredPageSize(bytes.subarray(0, 18));
  if (pageSize === undefined || !keptWhole(mode, bytes.length, bytes.subarray(0, 16))) return read;
  return paged(keepPages(bytes, pageSize, true, previous));
}

/**
 * The file read on from `from`: `undefined` when it no longer begins with `from.bytes` (or is shorter), or
 * when a boundary below their end is one `from` never hashed (then the file is read whole).
 */
async function readGrown(
  handle: FileHandle,
  buffer: Buffer,
  boundaries: readonly number[],
  from: ReadPoint,
  mode: BytesMode,
): Promise<HashedFile | undefined> {
  const length = from.bytes.length;
  if (length === 0) return undefined;
  const known = new Map(from.prefixes.map((prefix) => [prefix.length, prefix.sha256])).set(
    length,
    from.sha256,
  );
  const prefixes: FsPrefix[] = [];
  for (const boundary of boundaries) {
    if (boundary > length) break;
    const sha256 = known.get(boundary);
    if (sha256 === undefined) return undefined;
    prefixes.push(Object.freeze({ length: boundary, sha256 }));
  }
  for (let offset = 0; offset < length;) {
    const wanted = Math.min(buffer.length, length - offset);
    const { bytesRead } = await handle.read(buffer, 0, wanted, offset);
    if (
      bytesRead === 0 ||
      !buffer.subarray(0, bytesRead).equals(from.bytes.subarray(offset, offset + bytesRead))
    )
      return undefined;
    offset += bytesRead;
  }
  const running = new RunningHash(from.hash.copy(), boundaries, prefixes);
  const bytes = new GrowingBytes(from.bytes);
  let offset = length;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
    running.update(buffer.subarray(0, bytesRead), offset);
    if (bytesRead === 0) break;
    if (!keptWhole(mode, offset + bytesRead)) return undefined;
    bytes.append(buffer.subarray(0, bytesRead));
    offset += bytesRead;
  }
  return running.result(offset, bytes.bytes(), true);
}

/**
 * A file kept whole read in one buffer of its size: no chunk copied twice. `undefined` when it grew while
 * being read (then it is read chunk by chunk to its end).
 */
async function readWhole(
  handle: FileHandle,
  size: number,
  boundaries: readonly number[],
  textMode: TextMode,
  bytesMode: BytesMode,
): Promise<HashedFile | undefined> {
  const bytes = Buffer.allocUnsafe(size + 1);
  let filled = 0;
  for (;;) {
    const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
    if (filled > size) return undefined;
  }
  const content = bytes.subarray(0, filled);
  // Rewritten since its first bytes were looked at: no longer a database.
  if (!keptWhole(bytesMode, filled, content.subarray(0, 16))) return undefined;
  const running = new RunningHash(createHash('sha256'), boundaries, []);
  running.update(content, 0);
  running.update(content.subarray(filled), filled);
  const collector = new TextCollector(textMode, size);
  collector.add(content);
  const text = collector.text();
  return running.result(filled, content, text === undefined, text);
}

/** The file's first 18 bytes (the magic and the page size; fewer when it is shorter), read into `buffer`. */
async function head(handle: FileHandle, buffer: Buffer): Promise<Buffer> {
  const { bytesRead } = await handle.read(buffer, 0, 18, 0);
  return buffer.subarray(0, bytesRead);
}

/** A sha256 fed chunk by chunk, with the hash of the bytes before each boundary it passes. */
class RunningHash {
  private next: number;

  constructor(
    private readonly hash: Hash,
    private readonly boundaries: readonly number[],
    private readonly prefixes: FsPrefix[],
  ) {
    this.next = prefixes.length;
  }

  /** Feeds `chunk`, which holds the file's bytes from `offset` on (empty at the end of the file). */
  update(chunk: Buffer, offset: number): void {
    let start = 0;
    for (let b = this.boundaries[this.next]; b !== undefined && b <= offset + chunk.length;) {
      this.hash.update(chunk.subarray(start, b - offset));
      start = b - offset;
      this.prefixes.push(Object.freeze({ length: b, sha256: this.hash.copy().digest('hex') }));
      b = this.boundaries[++this.next];
    }
    this.hash.update(chunk.subarray(start));
  }

  result(size: number, bytes: Uint8Array | undefined, whole: boolean, text?: string): HashedFile {
    const prefixes = Object.freeze(this.prefixes);
    const at = whole ? this.hash.copy() : undefined;
    const sha256 = this.hash.digest('hex');
    return {
      size,
      sha256,
      prefixes,
      ...(text === undefined ? {} : { text }),
      ...(bytes === undefined ? {} : { bytes }),
      ...(at === undefined || bytes === undefined ? {} : { point: { bytes, hash: at, sha256, prefixes } }),
    };
  }
}
