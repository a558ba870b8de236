import type { BigIntStats } from 'node:fs';
import { lstat, readlink } from 'node:fs/promises';
import type { FsEntry, FsEntryType, FsSnapshot } from './fsEntry.js';
import { FS_ENVIRONMENT } from './fsEntry.js';
import { hashFile } from './hashFile.js';
import type { TextMode } from './jsonText.js';
import { planTextModes } from './jsonText.js';
import { mapConcurrent } from './mapConcurrent.js';
import type { StatCache } from './statCache.js';
import type { WalkedEntry } from './walkTree.js';
import { walkTree } from './walkTree.js';

/** Files read at once: enough to overlap I/O, few enough to stay far from the open-file limit. */
const CONCURRENCY = 16;

/** How often one path may change type under our feet before the snapshot gives up on it. */
const ATTEMPTS = 3;

export interface TakenSnapshot {
  readonly snapshot: FsSnapshot;
  /** Files whose content was read for this snapshot (the rest came from the stat cache). */
  readonly filesHashed: number;
}

interface Captured {
  readonly entry: FsEntry;
  /** For readable files: the stat the hash is valid for. */
  readonly fileStat?: BigIntStats;
  readonly hashed: boolean;
}

/**
 * Walks `root` with `lstat` and records every entry; file content is hashed unless the stat cache vouches for
 * it. `clockNs` is the filesystem time read just before the walk (see `StatCache`). Files that may hold JSON
 * keep their text too, within the bounds of `planTextModes`. Updates `cache`.
 */
export async function takeFsSnapshot(
  root: string,
  cache: StatCache,
  clockNs: bigint,
): Promise<TakenSnapshot> {
  const walked = await walkTree(root, { tolerant: true });
  const modes = planTextModes(
    walked
      .filter((item) => item.stat.isFile())
      .map((item) => ({ path: item.path, size: Number(item.stat.size) })),
  );
  const captured = await mapConcurrent(walked, CONCURRENCY, (item) =>
    capture(item, cache, modes.get(item.path) ?? 'none'),
  );

  const entries = new Map<string, FsEntry>();
  const fileStats = new Map<string, BigIntStats>();
  let filesHashed = 0;
  captured.forEach((result, index) => {
    const path = (walked[index] as WalkedEntry).path;
    if (result === undefined) return;
    entries.set(path, result.entry);
    if (result.fileStat !== undefined) fileStats.set(path, result.fileStat);
    if (result.hashed) filesHashed++;
  });
  cache.commit(entries, fileStats, clockNs, modes);
  return { snapshot: Object.freeze({ environment: FS_ENVIRONMENT, entries }), filesHashed };
}

async function capture(
  item: WalkedEntry,
  cache: StatCache,
  textMode: TextMode,
): Promise<Captured | undefined> {
  let stat = item.stat;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const type = entryType(stat);
    const mode = Number(stat.mode) & 0o7777;
    if (type === 'directory' || type === 'other') {
      return { entry: Object.freeze({ type, mode, size: 0 }), hashed: false };
    }
    if (type === 'symlink') {
      const target = await readlink(item.absolute).catch(() => undefined);
      if (target !== undefined) {
        return { entry: Object.freeze({ type, mode, size: Number(stat.size), target }), hashed: false };
      }
    } else {
      const cached = cache.reusable(item.path, stat, textMode);
      if (cached !== undefined) return { entry: cached, fileStat: stat, hashed: false };
      const hashed = await hashFile(item.absolute, cache.prefixLengths(item.path), textMode);
      if (hashed.kind === 'file') {
        const { size, sha256, prefixes, text } = hashed;
        const fileMode = Number(hashed.stat.mode) & 0o7777;
        const entry: FsEntry = {
          type,
          mode: fileMode,
          size,
          sha256,
          ...(prefixes.length > 0 ? { prefixes } : {}),
          ...(text === undefined ? {} : { text }),
        };
        return { entry: Object.freeze(entry), fileStat: hashed.stat, hashed: true };
      }
      if (hashed.kind === 'unreadable') {
        const unreadable = `${stat.size}:${stat.mtimeNs}`;
        return { entry: Object.freeze({ type, mode, size: Number(stat.size), unreadable }), hashed: false };
      }
    }
    // It changed type or vanished between listing and reading: look again.
    try {
      stat = await lstat(item.absolute, { bigint: true });
    } catch {
      return undefined;
    }
  }
  throw new Error(
    `fs: "${item.path}" kept changing type while it was being snapshotted (${ATTEMPTS} attempts). ` +
      'The server was still writing; take the snapshot once it has answered.',
  );
}

function entryType(stat: BigIntStats): FsEntryType {
  if (stat.isFile()) return 'file';
  if (stat.isDirectory()) return 'directory';
  if (stat.isSymbolicLink()) return 'symlink';
  return 'other';
}
