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
 * empty (SQLite ignores it too). Pure: the log's bytes are never written; a log that begins with one read
 * lately is read on from where that one stopped.
 */
export function readWal(wal: Uint8Array, pageSize: number | undefined): WalContent {
  // A snapshot's log is diffed against the one before it and the one after: checksummed once.
  const known = read.get(wal);
  if (known !== undefined && known.pageSize === pageSize) return known.content;
  const scan = scanFrames(wal, pageSize, grownFrom(wal, pageSize));
  const content = contentOf(wal, scan);
  read.set(wal, { pageSize, content });
  remember(wal, pageSize, scan);
  return content;
}

/** Logs already read, by their bytes (a snapshot's are never changed), with the page size they were read at. */
const read = new WeakMap<Uint8Array, { pageSize: number | undefined; content: WalContent }>();

/** How many logs' scans are kept to go on from (one per session's database, a few sessions at once). */
const RECENT_SCANS = 8;

/**
 * The last logs scanned, newest last: a log grows by every write of a session, and a scan of the next one goes
 * on from where the scan of the log it begins with stopped (compared byte for byte) instead of checksumming
 * every frame again.
 */
const recent: Array<{ wal: Uint8Array; pageSize: number | undefined; scan: Scan }> = [];

/** Where a scan of a log stopped, all it needs to go on; pages are offsets into the log, never its bytes. */
interface Scan {
  readonly at: number;
  /** Stopped at a frame that failed its salts or checksums: what follows it never counts. */
  readonly ended: boolean;
  readonly sums: readonly [number, number];
  readonly committed: ReadonlyMap<number, number>;
  readonly pending: ReadonlyMap<number, number>;
  readonly pendingFrames: number;
  readonly pageCount: number | undefined;
  readonly frames: number;
}

const NOTHING: Scan = {
  at: 0,
  ended: true,
  sums: [0, 0],
  committed: new Map(),
  pending: new Map(),
  pendingFrames: 0,
  pageCount: undefined,
  frames: 0,
};

function grownFrom(wal: Uint8Array, pageSize: number | undefined): Scan | undefined {
  for (let i = recent.length - 1; i >= 0; i--) {
    const earlier = recent[i];
    if (earlier === undefined || earlier.pageSize !== pageSize || earlier.scan.at === 0) continue;
    if (earlier.wal.length > wal.length) continue;
    // The same store from the same place: bytes kept by a read that went on from the earlier one (see
    // GrowingBytes, which never writes below a view it handed out): the same bytes, no need to compare them.
    const sameStore = earlier.wal.buffer === wal.buffer && earlier.wal.byteOffset === wal.byteOffset;
    if (sameStore || Buffer.from(wal.buffer, wal.byteOffset, earlier.wal.length).equals(earlier.wal))
      return earlier.scan;
  }
  return undefined;
}

function remember(wal: Uint8Array, pageSize: number | undefined, scan: Scan): void {
  recent.push({ wal, pageSize, scan });
  if (recent.length > RECENT_SCANS) recent.shift();
}

function contentOf(wal: Uint8Array, scan: Scan): WalContent {
  if (scan.frames === 0 && scan.pageCount === undefined) return EMPTY;
  const pageSize = new DataView(wal.buffer, wal.byteOffset, wal.byteLength).getUint32(8);
  const pages = new Map<number, Uint8Array>();
  for (const [page, at] of scan.committed) pages.set(page, wal.subarray(at, at + pageSize));
  return { pages, pageCount: scan.pageCount, frames: scan.frames };
}

/** Scans the log's frames, from the start or from where `from` (a scan of the bytes it begins with) stopped. */
function scanFrames(wal: Uint8Array, pageSize: number | undefined, from: Scan | undefined): Scan {
  if (wal.length < WAL_HEADER) return NOTHING;
  const view = new DataView(wal.buffer, wal.byteOffset, wal.byteLength);
  const magic = view.getUint32(0);
  if (magic !== 0x377f0682 && magic !== 0x377f0683) return NOTHING;
  const bigEndian = (magic & 1) === 1;
  const walPageSize = view.getUint32(8);
  if (view.getUint32(4) !== 3007000 || !validPageSize(walPageSize)) return NOTHING;
  if (pageSize !== undefined && walPageSize !== pageSize) return NOTHING;
  if (from?.ended === true) return from;
  let sums = from?.sums ?? checksum(view, bigEndian, 0, 24, [0, 0]);
  if (from === undefined && (sums[0] !== view.getUint32(24) || sums[1] !== view.getUint32(28)))
    return NOTHING;
  const salt1 = view.getUint32(16);
  const salt2 = view.getUint32(20);

  const committed = new Map(from?.committed);
  let pending = new Map(from?.pending);
  let pageCount = from?.pageCount;
  let frames = from?.frames ?? 0;
  let pendingFrames = from?.pendingFrames ?? 0;
  let at = from?.at ?? WAL_HEADER;
  let ended = false;
  for (; at + FRAME_HEADER + walPageSize <= wal.length; at += FRAME_HEADER + walPageSize) {
    const page = view.getUint32(at);
    const commitSize = view.getUint32(at + 4);
    if (page === 0 || view.getUint32(at + 8) !== salt1 || view.getUint32(at + 12) !== salt2) {
      ended = true;
      break;
    }
    const next = checksum(
      view,
      bigEndian,
      at + FRAME_HEADER,
      walPageSize,
      checksum(view, bigEndian, at, 8, sums),
    );
    if (next[0] !== view.getUint32(at + 16) || next[1] !== view.getUint32(at + 20)) {
      ended = true;
      break;
    }
    sums = next;
    pending.set(page, at + FRAME_HEADER);
    pendingFrames++;
    if (commitSize !== 0) {
      for (const [number, offset] of pending) committed.set(number, offset);
      pending = new Map();
      frames += pendingFrames;
      pendingFrames = 0;
      pageCount = commitSize;
    }
  }
  return { at, ended, sums, committed, pending, pendingFrames, pageCount, frames };
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
