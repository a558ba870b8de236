/** What a hot rollback journal restores: the original content of the pages a transaction changed. */
export interface JournalContent {
  /** Page number → its content before the unfinished transaction. */
  readonly pages: ReadonlyMap<number, Uint8Array>;
  /** The database size in pages before the transaction. */
  readonly pageCount: number;
}

const MAGIC = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7];

/**
 * The committed state a rollback journal (`-journal`) still protects, or `undefined` when it protects
 * nothing: a journal whose header is not the journal magic (zeroed by `journal_mode=PERSIST` after a commit,
 * truncated by `TRUNCATE`) belongs to a finished transaction. A journal with a valid header belongs to a
 * transaction that has not committed (still open, or its process died): its records hold the original pages,
 * and the database's committed state is the file with those pages put back, cut to the original size — what
 * SQLite's rollback does, done here in memory. Records are read segment by segment while their checksums
 * hold (the first copy of a page wins). Pure.
 */
export function readHotJournal(journal: Uint8Array, pageSize: number): JournalContent | undefined {
  if (journal.length < 28 || !MAGIC.every((byte, i) => journal[i] === byte)) return undefined;
  const view = new DataView(journal.buffer, journal.byteOffset, journal.byteLength);
  const pages = new Map<number, Uint8Array>();
  let pageCount: number | undefined;
  let header = 0;
  while (header + 28 <= journal.length && MAGIC.every((byte, i) => journal[header + i] === byte)) {
    const records = view.getUint32(header + 8);
    const nonce = view.getUint32(header + 12);
    const initial = view.getUint32(header + 16);
    const sector = view.getUint32(header + 20);
    const journalPageSize = view.getUint32(header + 24);
    if (journalPageSize !== 0 && journalPageSize !== pageSize) return undefined;
    if (sector < 32 || sector > 65536) return undefined;
    pageCount ??= initial;
    const recordSize = pageSize + 8;
    let at = header + sector;
    const count = records === 0xffffffff ? Math.floor((journal.length - at) / recordSize) : records;
    let intact = true;
    for (let i = 0; i < count && at + recordSize <= journal.length; i++, at += recordSize) {
      const page = view.getUint32(at);
      const data = journal.subarray(at + 4, at + 4 + pageSize);
      if (view.getUint32(at + 4 + pageSize) !== recordChecksum(nonce, data)) {
        intact = false;
        break;
      }
      if (page !== 0 && !pages.has(page)) pages.set(page, data);
    }
    if (!intact || records === 0xffffffff) break;
    header = Math.ceil(at / sector) * sector;
  }
  return pageCount === undefined ? undefined : { pages, pageCount };
}

/** The journal's record checksum: the nonce plus every 200th byte of the page, from the end. */
function recordChecksum(nonce: number, data: Uint8Array): number {
  let sum = nonce;
  for (let i = data.length - 200; i > 0; i -= 200) sum = (sum + (data[i] as number)) >>> 0;
  return sum;
}
