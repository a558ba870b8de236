import { ParseBudget } from '../parseBudget.js';
import type { FileBytes } from './filePages.js';
import { fileRange } from './filePages.js';
import type { JournalContent } from './journalPages.js';
import { readHotJournal } from './journalPages.js';
import { CorruptDatabaseError } from './varint.js';
import type { WalContent } from './walFrames.js';
import { readWal, validPageSize } from './walFrames.js';

/** The 16 bytes every SQLite database file starts with. */
const SQLITE_MAGIC = 'SQLite format 3\0';

/** Whether `bytes` start like a SQLite database. */
export function hasSqliteHeader(bytes: FileBytes): boolean {
  if (bytes.length < SQLITE_MAGIC.length) return false;
  const head = fileRange(bytes, 0, SQLITE_MAGIC.length);
  for (let i = 0; i < SQLITE_MAGIC.length; i++) if (head[i] !== SQLITE_MAGIC.charCodeAt(i)) return false;
  return true;
}

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be';

/**
 * The files of one database as read from disk; `wal` and `journal` absent when there is no such file. The
 * main file may come as pages (see FilePages), whose page objects the image hands out as they are.
 */
export interface DatabaseFiles {
  readonly main: FileBytes;
  readonly wal?: Uint8Array;
  readonly journal?: Uint8Array;
}

/**
 * The committed pages of a database at one instant, in memory: the main file, with a hot journal's original
 * pages put back, then the WAL's committed frames laid over it. Immutable; built without writing anything.
 */
export interface SqliteImage {
  readonly pageSize: number;
  /** Page size less the reserved bytes at the end of each page. */
  readonly usableSize: number;
  readonly pageCount: number;
  readonly encoding: TextEncodingName;
  /** Where the committed state came from, for evidence and tests. */
  readonly walFrames: number;
  readonly rolledBack: boolean;
  /** What reading it may spend: each page asked for is a step of it, each cell's payload is spent from it. */
  readonly budget: ParseBudget;
  /** Page `number` (1-based), a step of `budget`. Throws CorruptDatabaseError past the end. */
  page(number: number): Uint8Array;
}

/** The pages of each image, uncounted: what `withBudget` counts again against another budget. */
const lookups = new WeakMap<SqliteImage, (number: number) => Uint8Array>();

/** The bytes of a database's files, from which the budget of reading it is made. */
export function inputBytes(files: DatabaseFiles): number {
  return files.main.length + (files.wal?.length ?? 0) + (files.journal?.length ?? 0);
}

/**
 * `image` read on with `budget` (a diff of two images spends one budget): the same pages, counted again.
 * The image itself is unchanged, so a database read once serves every diff it takes part in.
 */
export function withBudget(image: SqliteImage, budget: ParseBudget): SqliteImage {
  const lookup = lookups.get(image);
  if (lookup === undefined || image.budget === budget) return image;
  return counted({ ...image, budget }, lookup);
}

function counted(image: Omit<SqliteImage, 'page'>, lookup: (number: number) => Uint8Array): SqliteImage {
  const { budget } = image;
  const made: SqliteImage = {
    ...image,
    page(number: number): Uint8Array {
      budget.step();
      return lookup(number);
    },
  };
  lookups.set(made, lookup);
  return made;
}

/**
 * Builds the committed image of a database from its files; throws CorruptDatabaseError if it is not one.
 * Reading it spends `budget` (by default one fit for the files' size).
 */
export function openImage(
  files: DatabaseFiles,
  budget = ParseBudget.forInput('SQLite', inputBytes(files)),
): SqliteImage {
  const { main } = files;
  let pageSize: number | undefined;
  if (main.length > 0) {
    if (!hasSqliteHeader(main) || main.length < 100) {
      throw new CorruptDatabaseError('the file does not start with the SQLite header');
    }
    pageSize = headerPageSize(fileRange(main, 0, 100));
  }
  const journal: JournalContent | undefined =
    files.journal !== undefined && pageSize !== undefined
      ? readHotJournal(files.journal, pageSize)
      : undefined;
  const wal: WalContent | undefined = files.wal !== undefined ? readWal(files.wal, pageSize) : undefined;
  if (pageSize === undefined) {
    const first = wal?.pages.get(1);
    // A zero-length file is an empty database to SQLite, until a transaction writes its first page.
    if (first === undefined) return emptyImage(budget);
    pageSize = headerPageSize(first);
  }
  const size = pageSize;
  const fromFile = (number: number): Uint8Array | undefined => {
    const rolled = journal?.pages.get(number);
    if (rolled !== undefined) return rolled;
    const end = number * size;
    return end <= main.length ? fileRange(main, end - size, end) : undefined;
  };
  const pageCount = wal?.pageCount ?? journal?.pageCount ?? filePageCount(main, size);
  const lookup = (number: number): Uint8Array => {
    if (!Number.isInteger(number) || number < 1 || number > pageCount) {
      throw new CorruptDatabaseError(`page ${number} is outside the database (1..${pageCount})`);
    }
    const content = wal?.pages.get(number) ?? fromFile(number);
    if (content === undefined) throw new CorruptDatabaseError(`page ${number} is missing from the file`);
    return content;
  };
  // A hot journal of the transaction that created the database: its committed state is empty.
  if (pageCount === 0) return emptyImage(budget, true);
  const first = lookup(1);
  if (!hasSqliteHeader(first)) throw new CorruptDatabaseError('page 1 does not start with the SQLite header');
  const reserved = first[20] as number;
  const encoding = ENCODINGS[new DataView(first.buffer, first.byteOffset, 100).getUint32(56)];
  if (encoding === undefined) throw new CorruptDatabaseError('unknown text encoding in the header');
  if (size - reserved < 480)
    throw new CorruptDatabaseError(`usable page size ${size - reserved} is below 480`);
  return counted(
    {
      pageSize: size,
      usableSize: size - reserved,
      pageCount,
      encoding,
      walFrames: wal?.frames ?? 0,
      rolledBack: journal !== undefined,
      budget,
    },
    lookup,
  );
}

/** A database with no pages yet: no tables, nothing to read. */
function emptyImage(budget: ParseBudget, rolledBack = false): SqliteImage {
  return counted(
    { pageSize: 4096, usableSize: 4096, pageCount: 0, encoding: 'utf-8', walFrames: 0, rolledBack, budget },
    (number) => {
      throw new CorruptDatabaseError(`page ${number} is outside the database (it has no pages)`);
    },
  );
}

const ENCODINGS: Readonly<Record<number, TextEncodingName>> = {
  0: 'utf-8',
  1: 'utf-8',
  2: 'utf-16le',
  3: 'utf-16be',
};

function headerPageSize(header: Uint8Array): number {
  const size = declaredPageSize(header);
  if (size === undefined) {
    const raw = ((header[16] as number) << 8) | (header[17] as number);
    throw new CorruptDatabaseError(`invalid page size ${raw} in the header`);
  }
  return size;
}

/** The page size a database header declares (bytes 16–17, 1 meaning 65536), or `undefined` when not valid. */
export function declaredPageSize(header: Uint8Array): number | undefined {
  if (header.length < 18) return undefined;
  const raw = ((header[16] as number) << 8) | (header[17] as number);
  const size = raw === 1 ? 65536 : raw;
  return validPageSize(size) ? size : undefined;
}

/** The size in pages a rollback-mode file declares, when its header's count is valid; else from its length. */
function filePageCount(main: FileBytes, pageSize: number): number {
  const header = fileRange(main, 0, 100);
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const declared = view.getUint32(28);
  const valid = declared > 0 && view.getUint32(24) === view.getUint32(92);
  return valid ? declared : Math.floor(main.length / pageSize);
}
