import type { BigIntStats } from 'node:fs';
import type { FsEntry } from './fsEntry.js';
import type { EarlierRead } from './hashFile.js';

/** How many earlier sizes of one path are remembered as possible append boundaries. */
const HISTORY_PER_PATH = 16;

interface CachedFile {
  readonly key: string;
  readonly entry: FsEntry;
  /** How the content was read (text and kept bytes): an entry read another way is not reused. */
  readonly mode: string;
}

/**
 * What an instance remembers between its snapshots, so that a snapshot rehashes only files whose stat moved.
 *
 * The key is (dev, ino, size, mtimeNs, ctimeNs): a rewrite in place changes ctime, a rename over the file
 * changes ino. Timestamps are only as fine as the filesystem's clock tick, so a file written in the same tick
 * as the snapshot that hashed it could be written again without its ctime moving ("racy git"). A hash is
 * therefore reused only if the file's ctime and mtime are strictly older than the filesystem clock read when
 * that snapshot began; a later write gets a timestamp at least that new, so it always changes the key.
 *
 * Separately, every size a path had as a readable file (with its hash) is kept as a possible prefix, so that
 * growth is recognised as an append against any earlier snapshot of the same instance.
 *
 * A reused entry brings its `text` along (the same string, not a copy), so an unchanged JSON file costs its
 * text once however many snapshots hold it.
 */
export class StatCache {
  private files = new Map<string, CachedFile>();
  private readonly history = new Map<string, { size: number; sha256: string }[]>();
  private points = new Map<string, EarlierRead>();

  /** The entry hashed earlier for this exact stat and read mode (text and bytes kept), if it can be trusted. */
  reusable(path: string, stat: BigIntStats, mode = 'none'): FsEntry | undefined {
    const cached = this.files.get(path);
    return cached !== undefined && cached.key === statKey(stat) && cached.mode === mode
      ? cached.entry
      : undefined;
  }

  /** What the last read of this path's kept bytes left to go on from (see `hashFile`'s `from`). */
  readPoint(path: string): EarlierRead | undefined {
    return this.points.get(path);
  }

  /** Sizes this path had earlier as a readable file: the boundaries at which to hash a prefix. */
  prefixLengths(path: string): number[] {
    return (this.history.get(path) ?? []).map((version) => version.size);
  }

  /**
   * Replaces the cache with the files of the snapshot just taken. `fileStats` maps each readable file's path
   * to the stat its hash is valid for; `clockNs` is the filesystem time read when the snapshot began;
   * `modes` the read mode each file was read with (absent: `none`); `points` what this snapshot's reads of kept
   * bytes left to go on from (a file not read again keeps its earlier point).
   */
  commit(
    entries: ReadonlyMap<string, FsEntry>,
    fileStats: ReadonlyMap<string, BigIntStats>,
    clockNs: bigint,
    modes: ReadonlyMap<string, string> = new Map(),
    points: ReadonlyMap<string, EarlierRead> = new Map(),
  ): void {
    const files = new Map<string, CachedFile>();
    const kept = new Map<string, EarlierRead>();
    for (const [path, stat] of fileStats) {
      const entry = entries.get(path);
      if (entry?.sha256 === undefined) continue;
      const point = points.get(path) ?? this.points.get(path);
      if (point !== undefined && point.sha256 === entry.sha256) kept.set(path, point);
      this.remember(path, entry.size, entry.sha256);
      if (stat.ctimeNs < clockNs && stat.mtimeNs < clockNs) {
        files.set(path, { key: statKey(stat), entry, mode: modes.get(path) ?? 'none' });
      }
    }
    this.files = files;
    this.points = kept;
  }

  private remember(path: string, size: number, sha256: string): void {
    const versions = this.history.get(path) ?? [];
    if (versions.some((version) => version.size === size && version.sha256 === sha256)) return;
    versions.push({ size, sha256 });
    if (versions.length > HISTORY_PER_PATH) versions.shift();
    this.history.set(path, versions);
  }
}

function statKey(stat: BigIntStats): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
}
