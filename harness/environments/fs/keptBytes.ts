import { isGitContentPath, isLooseObjectPath, isPackPath } from '../git/gitState.js';
import { LOOSE_OBJECT_HEAD_BYTES } from '../git/readLooseCommit.js';
import { PACK_FILE_LIMIT } from '../git/readPackCommits.js';
import { hasSqliteHeader } from '../sqlite/index.js';
import { COMPANION_SUFFIXES } from '../sqlite/index.js';

/** Largest file whose bytes a snapshot keeps for a reading by meaning; bigger ones are compared by hash. */
const KEPT_FILE_LIMIT = 256 * 1024 * 1024;

/**
 * Whose bytes a snapshot keeps (see `FsEntry.bytes`): `keep`, a file read by meaning whatever it holds (a
 * git directory's state files, a `-wal` or `-journal` beside another file); `head`, the first
 * LOOSE_OBJECT_HEAD_BYTES of a git loose object (a commit's parents); `pack`, a git pack whole up to
 * PACK_FILE_LIMIT (its commits' parents); `sqlite`, any other file, kept only if it starts with the SQLite
 * header. Files in no git directory and with no such name are `sqlite`.
 */
export type BytesMode = 'keep' | 'head' | 'pack' | 'sqlite';

/**
 * The files of a tree whose bytes are kept whatever they hold, and how: the state files of every git directory
 * (a directory with a `HEAD` file and `objects` and `refs` directories) and the companions (`-wal`,
 * `-journal`) of other files whole (`keep`), the git directories' loose objects by their first bytes
 * (`head`) and their packs whole when small enough (`pack`). Pure; deterministic for a given listing.
 */
export function planKeptBytes(
  entries: readonly { path: string; type: 'file' | 'directory' | 'other' }[],
): Map<string, 'keep' | 'head' | 'pack'> {
  const types = new Map(entries.map((entry) => [entry.path, entry.type]));
  const gitDirectories = entries
    .filter((entry) => entry.type === 'file' && (entry.path === 'HEAD' || entry.path.endsWith('/HEAD')))
    .map((entry) => entry.path.slice(0, -'HEAD'.length))
    .filter(
      (prefix) => types.get(`${prefix}objects`) === 'directory' && types.get(`${prefix}refs`) === 'directory',
    );
  const kept = new Map<string, 'keep' | 'head' | 'pack'>();
  for (const { path, type } of entries) {
    if (type !== 'file') continue;
    const companion = COMPANION_SUFFIXES.find((suffix) => suffix !== '-shm' && path.endsWith(suffix));
    if (companion !== undefined && types.get(path.slice(0, -companion.length)) === 'file')
      kept.set(path, 'keep');
    const git = gitDirectories.find((prefix) => path.startsWith(prefix));
    if (git !== undefined && isGitContentPath(path.slice(git.length))) kept.set(path, 'keep');
    else if (git !== undefined && isLooseObjectPath(path.slice(git.length))) kept.set(path, 'head');
    else if (git !== undefined && isPackPath(path.slice(git.length))) kept.set(path, 'pack');
  }
  return kept;
}

/**
 * Whether a file's bytes are kept whole at this size: whatever they hold (`keep`, `pack`), or (`sqlite`) when
 * `head`, its first bytes, are the SQLite header.
 */
export function keptWhole(mode: BytesMode, size: number, head?: Uint8Array): boolean {
  if (mode === 'pack') return size <= PACK_FILE_LIMIT;
  if (mode === 'sqlite') return size <= KEPT_FILE_LIMIT && head !== undefined && hasSqliteHeader(head);
  return mode === 'keep' && size <= KEPT_FILE_LIMIT;
}

/**
 * Collects a file's bytes while it is hashed, as `mode` asks: all of them (`keep`; `pack`, never more than
 * PACK_FILE_LIMIT), the first LOOSE_OBJECT_HEAD_BYTES (`head`), or all only when the first bytes are the
 * SQLite header (`sqlite`); never more than KEPT_FILE_LIMIT.
 */
export class BytesCollector {
  private chunks: Buffer[] = [];
  private length = 0;
  private collecting: boolean;
  private decided: boolean;
  private readonly head: boolean;
  private readonly limit: number;

  constructor(mode: BytesMode, size: number) {
    this.head = mode === 'head';
    this.limit = mode === 'pack' ? PACK_FILE_LIMIT : KEPT_FILE_LIMIT;
    this.collecting = this.head || size <= this.limit;
    this.decided = mode !== 'sqlite';
  }

  /** Called with each chunk read, in order; copies it if it is still wanted. */
  add(chunk: Buffer): void {
    if (!this.collecting || chunk.length === 0) return;
    if (this.head) {
      const wanted = LOOSE_OBJECT_HEAD_BYTES - this.length;
      if (wanted > 0) this.chunks.push(Buffer.from(chunk.subarray(0, wanted)));
      this.length += Math.min(wanted, chunk.length);
      return;
    }
    this.length += chunk.length;
    if (this.length > this.limit) return this.drop();
    this.chunks.push(Buffer.from(chunk));
    if (!this.decided && this.length >= 16) {
      this.decided = true;
      if (!hasSqliteHeader(Buffer.concat(this.chunks).subarray(0, 16))) this.drop();
    }
  }

  /** The bytes, or `undefined` when none were wanted or the file was too big. */
  bytes(): Uint8Array | undefined {
    if (!this.collecting || !this.decided) return undefined;
    return Buffer.concat(this.chunks, this.length);
  }

  private drop(): void {
    this.collecting = false;
    this.chunks = [];
  }
}
