import type { Snapshot } from '../environment.js';
import type { FilePages } from '../sqlite/index.js';

/** The environment name used in `Change.environment`, `--ignore` patterns (`fs:notes/*.md`) and placeholders. */
export const FS_ENVIRONMENT = 'fs';

/** The placeholder a harvested value uses for the sandbox root; substituted with the real path before a call. */
export const FS_PLACEHOLDER = `{${FS_ENVIRONMENT}}`;

/**
 * The directory trees of a sandbox, each snapshotted and diffed the same way: `fs` (the sandbox directory), the
 * server's private `home` (HOME) and `tmp` (TMPDIR), and `pkg`: the run's writable copy of the package a
 * launcher installed (`npx -y pkg`), shown to the server where the package is. Each is also its placeholder
 * (`{home}`).
 */
const TREE_ENVIRONMENTS = [FS_ENVIRONMENT, 'home', 'tmp', 'pkg'] as const;
export type TreeEnvironment = (typeof TREE_ENVIRONMENTS)[number];

export type FsEntryType = 'file' | 'directory' | 'symlink' | 'other';

/** The sha256 of the first `length` bytes of a file, computed in the same read pass as the whole hash. */
export interface FsPrefix {
  readonly length: number;
  readonly sha256: string;
}

/**
 * One path in a snapshot. Only what a diff may compare is kept: never inode, never mtime.
 *
 * - `mode`: permission bits (`mode & 0o7777`).
 * - `size`: bytes for files, the target length for symlinks, 0 for directories and others (a directory's
 *   st_size is filesystem bookkeeping; its content is the entries below it).
 * - `sha256`: files whose content could be read: the sha256 of their bytes, or of their pages' for a file
 *   kept as `pages` (each a function of the bytes alone; compared only with each other, never shown).
 * - `unreadable`: files that could not be opened (a server made them mode 000); their stat signature
 *   (`size:mtimeNs`) stands in for the content, since nothing better can be known.
 * - `target`: symlinks, as `readlink` returns it; never followed.
 * - `prefixes`: for a file rehashed after growing, the hash of its first N bytes for every smaller size N that
 *   this path had in an earlier snapshot of the same instance. Lets `diff` tell an append from a rewrite
 *   without keeping any content.
 * - `text`: for a file that may hold JSON or JSON Lines (see `jsonText.ts`), its content as UTF-8 text, so a
 *   diff can report record-level changes. Kept only for files up to a size limit and within a per-snapshot
 *   budget; an unchanged file shares its text with earlier snapshots through the stat cache.
 * - `bytes`: for a file read by meaning rather than as bytes (a SQLite database and its -wal and -journal, a
 *   git directory's refs, index and pack indexes: see `planKeptBytes`), its whole content, kept like `text`.
 * - `pages`: instead of `bytes`, a SQLite database file's content as pages (see `readPages`), the pages that
 *   did not change shared with the previous snapshot of the same path.
 */
export interface FsEntry {
  readonly type: FsEntryType;
  readonly mode: number;
  readonly size: number;
  readonly sha256?: string;
  readonly unreadable?: string;
  readonly target?: string;
  readonly prefixes?: readonly FsPrefix[];
  readonly text?: string;
  readonly bytes?: Uint8Array;
  readonly pages?: FilePages;
}

/** A sandbox at one instant: sandbox-relative `/`-separated path → entry, in path order. Never mutated. */
export interface FsSnapshot extends Snapshot {
  readonly environment: TreeEnvironment;
  readonly entries: ReadonlyMap<string, FsEntry>;
}

/** Narrows a snapshot handed back by the harness, or says which environment it came from instead. */
export function asFsSnapshot(snapshot: Snapshot, role: string): FsSnapshot {
  const candidate = snapshot as Partial<FsSnapshot>;
  const tree = (TREE_ENVIRONMENTS as readonly string[]).includes(String(candidate.environment));
  if (!tree || !(candidate.entries instanceof Map)) {
    throw new Error(
      `fs: the ${role} snapshot is not an fs snapshot (received environment "${String(snapshot.environment)}"). ` +
        'Pass snapshots taken by the fs instance that diffs them.',
    );
  }
  return candidate as FsSnapshot;
}

export { comparePaths } from '../../tree/comparePaths.js';
