import { CorruptDatabaseError } from './varint.js';

/** The pages a write-ahead log holds for committed transactions, newest version of each page. */
export interface WalContent {
  /** Page number → its content as of the last committed transaction in the log. */
  readonly pages: ReadonlyMap<number, Uint8Array>;
  /** The database size in pages after the last commit; undefined when the log holds no commit. */
  readonly pageCount: number | undefined;
  /** Frames applied (those of committed transactions). */
  readonly frames: number;
}

const WAL_HEADER = 32;
const FRAME_HEADER = 24;
const EMPTY: WalContent = { pages: new Map(), pageCount: undefined, frames: 0 };

/**
 * The committed content of a `-wal` file, as SQLite's recovery reads it: the header must have the WAL magic,
 * format 3007000, the database's page size and a valid checksum; then frames are read in order while their
 * salts match the header's and their cumulative checksums hold; the pages of a transaction count only once a
 * commit frame (one with a database size) closes it. Frames of an unfinished transaction, frames left over
 * from an earlier generation of the log, and a torn tail are ignored. A log that fails its header check is
 * empty (SQLite ignores it too). Pure: the log's bytes are never written.
 */
export function readWal(wal: Uint8Array, pageSize: number | undefined): WalContent {
  // A snapshot's log is diffed against the one before it and the one after: checksummed once.
  const known = read.get(wal);
  if (known !== undefined && known.pageSize === pageSize) return known.content;
  const content = readFrames(wal, pageSize);
  read.set(wal, { pageSize, content });
  return content;
}

/** Logs already read, by their bytes (a snapshot's are never changed), with the page size they were read at. */
const read = new WeakMap<Uint8Array, { pageSize: number | undefined; content: WalContent }>();

function readFrames(wal: Uint8Array, pageSize: number | undefined): WalContent {
  if (wal.length < WAL_HEADER) return EMPTY;
  const view = new DataView(wal.buffer, wal.byteOffset, wal.byteLength);
  const magic = view.getUint32(0);
  if (magic !== 0x377f0682 && magic !== 0x377f0683) return EMPTY;
  const bigEndian = (magic & 1) === 1;
  const walPageSize = view.getUint32(8);
  if (view.getUint32(4) !== 3007000 || !validPageSize(walPageSize)) return EMPTY;
  if (pageSize !== undefined && walPageSize !== pageSize) return EMPTY;
  let sums = checksum(view, bigEndian, 0, 24, [0, 0]);
  if (sums[0] !== view.getUint32(24) || sums[1] !== view.getUint32(28)) return EMPTY;
  const salt1 = view.getUint32(16);
  const salt2 = view.getUint32(20);

  const committed = new Map<number, Uint8Array>();
  let pending = new Map<number, Uint8Array>();
  let pageCount: number | undefined;
  let frames = 0;
  let pendingFrames = 0;
  for (let at = WAL_HEADER; at + FRAME_HEADER + walPageSize <= wal.length; at += FRAME_HEADER + walPageSize) {
    const page = view.getUint32(at);
    const commitSize = view.getUint32(at + 4);
    if (page === 0 || view.getUint32(at + 8) !== salt1 || view.getUint32(at + 12) !== salt2) break;
    sums = checksum(view, bigEndian, at, 8, sums);
    sums = checksum(view, bigEndian, at + FRAME_HEADER, walPageSize, sums);
    if (sums[0] !== view.getUint32(at + 16) || sums[1] !== view.getUint32(at + 20)) break;
    pending.set(page, wal.subarray(at + FRAME_HEADER, at + FRAME_HEADER + walPageSize));
    pendingFrames++;
    if (commitSize !== 0) {
      for (const [number, content] of pending) committed.set(number, content);
      pending = new Map();
      frames += pendingFrames;
      pendingFrames = 0;
      pageCount = commitSize;
    }
  }
  return { pages: committed, pageCount, frames };
}

/** SQLite's WAL checksum: pairs of 32-bit words in the log's byte order, two running sums. */
function checksum(
  view: DataView,
  bigEndian: boolean,
  offset: number,
  length: number,
  [first, second]: readonly [number, number],
): [number, number] {
  if (length % 8 !== 0)
    throw new CorruptDatabaseError(`a WAL checksum over ${length} bytes (not a multiple of 8)`);
  let s0 = first;
  let s1 = second;
  const littleEndian = !bigEndian;
  for (let i = offset; i < offset + length; i += 8) {
    s0 = (s0 + view.getUint32(i, littleEndian) + s1) >>> 0;
    s1 = (s1 + view.getUint32(i + 4, littleEndian) + s0) >>> 0;
  }
  return [s0, s1];
}

/** A page size SQLite can use: a power of two from 512 to 65536. */
export function validPageSize(size: number): boolean {
  return size >= 512 && size <= 65536 && (size & (size - 1)) === 0;
}
