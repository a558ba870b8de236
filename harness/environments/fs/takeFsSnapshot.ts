import type { BigIntStats } from 'node:fs';
import type { Directory, EntryOpener, TreeEntry } from '../../tree/index.js';
import { readFiles, TreeTooDeep, walkTree } from '../../tree/index.js';
import { SandboxLost } from '../sandboxLost.js';
import type { FsEntry, FsEntryType, FsSnapshot } from './fsEntry.js';
import { FS_ENVIRONMENT } from './fsEntry.js';
import { hashFile } from './hashFile.js';
import type { EarlierRead } from './hashFile.js';
import type { TextMode } from './jsonText.js';
import { planTextModes } from './jsonText.js';
import type { BytesMode } from './keptBytes.js';
import { planKeptBytes } from './keptBytes.js';
import type { StatCache } from './statCache.js';

/** Files read at once: enough to overlap I/O, few enough to stay far from the open-file limit. */
const CONCURRENCY = 16;

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
  /** What the next read of the file may go on from (see `hashFile`). */
  readonly point?: EarlierRead;
}

/**
 * Walks the open sandbox directory `root` and records every entry; file content is hashed unless the stat
 * cache vouches for it. Nothing is followed (see `walkTree`, `readFiles`): what the server swaps in while the
 * snapshot runs is recorded as what it was when opened, a link as a link. `clockNs` is the filesystem time
 * read just before the walk (see `StatCache`). Files that may hold JSON keep their text too, within the bounds
 * of `planTextModes`; files read by meaning keep their bytes (`planKeptBytes`: SQLite databases, as pages
 * shared with the previous snapshot, their -wal and -journal, git state files). Updates `cache`.
 */
export async function takeFsSnapshot(
  root: Directory,
  cache: StatCache,
  clockNs: bigint,
): Promise<TakenSnapshot> {
  const tree = await walkTree(root, { tolerant: true }).catch((error: unknown) => {
    // The server's doing: the run cannot be observed (inconclusive), never an internal error or a crash.
    if (error instanceof TreeTooDeep)
      throw new SandboxLost(
        `the server nested directories more than ${error.depth} levels deep in its sandbox; hintproof does not walk that deep`,
        { cause: error },
      );
    throw error;
  });
  const modes = planTextModes(
    tree.entries
      .filter((item) => item.stat.isFile() && item.unsettled !== true)
      .map((item) => ({ path: item.path, size: Number(item.stat.size) })),
  );
  const kept = planKeptBytes(
    tree.entries.map((item) => ({
      path: item.path,
      type:
        item.unsettled === true
          ? 'other'
          : item.stat.isFile()
            ? 'file'
            : item.stat.isDirectory()
              ? 'directory'
              : 'other',
    })),
  );
  const bytesMode = (path: string): BytesMode => kept.get(path) ?? 'sqlite';
  const read = await readFiles(root, tree, CONCURRENCY, (item, open) =>
    capture(item, open, cache, modes.get(item.path) ?? 'none', bytesMode(item.path)),
  );

  const entries = new Map<string, FsEntry>();
  const fileStats = new Map<string, BigIntStats>();
  const points = new Map<string, EarlierRead>();
  let filesHashed = 0;
  for (const item of tree.entries) {
    const result =
      item.stat.isDirectory() && item.unsettled !== true ? directoryEntry(item.stat) : read.get(item);
    if (result === undefined) continue;
    entries.set(item.path, result.entry);
    if (result.fileStat !== undefined) fileStats.set(item.path, result.fileStat);
    if (result.hashed) filesHashed++;
    if (result.point !== undefined) points.set(item.path, result.point);
  }
  cache.commit(
    entries,
    fileStats,
    clockNs,
    new Map([...fileStats.keys()].map((path) => [path, readKey(modes.get(path) ?? 'none', bytesMode(path))])),
    points,
  );
  return { snapshot: Object.freeze({ environment: FS_ENVIRONMENT, entries }), filesHashed };
}

/** One listed entry other than a walked directory; `undefined` when it vanished before it could be read. */
async function capture(
  item: TreeEntry,
  open: EntryOpener,
  cache: StatCache,
  textMode: TextMode,
  bytesMode: BytesMode,
): Promise<Captured | undefined> {
  const { stat } = item;
  const mode = Number(stat.mode) & 0o7777;
  if (item.unsettled === true) return changing(stat);
  if (item.target !== undefined) {
    return {
      entry: Object.freeze({ type: 'symlink', mode, size: Number(stat.size), target: item.target }),
      hashed: false,
    };
  }
  if (!stat.isFile()) return { entry: Object.freeze({ type: 'other', mode, size: 0 }), hashed: false };
  const cached = cache.reusable(item.path, stat, readKey(textMode, bytesMode));
  if (cached !== undefined) return { entry: cached, fileStat: stat, hashed: false };
  const opened = await open();
  switch (opened.kind) {
    case 'gone':
      return undefined;
    case 'file':
      try {
        const hashed = await hashFile(
          opened.handle,
          opened.stat,
          cache.prefixLengths(item.path),
          textMode,
          bytesMode,
          cache.readPoint(item.path),
        );
        const { size, sha256, prefixes, text, bytes, pages, point } = hashed;
        const entry: FsEntry = {
          type: 'file',
          mode: Number(opened.stat.mode) & 0o7777,
          size,
          sha256,
          ...(prefixes.length > 0 ? { prefixes } : {}),
          ...(text === undefined ? {} : { text }),
          ...(bytes === undefined ? {} : { bytes }),
          ...(pages === undefined ? {} : { pages }),
        };
        return {
          entry: Object.freeze(entry),
          fileStat: opened.stat,
          hashed: true,
          ...(point === undefined ? {} : { point }),
        };
      } finally {
        await opened.handle.close();
      }
    case 'unreadable': {
      const unreadable = `${opened.stat.size}:${opened.stat.mtimeNs}`;
      return {
        entry: Object.freeze({ type: 'file', mode, size: Number(opened.stat.size), unreadable }),
        hashed: false,
      };
    }
    case 'symlink':
      return {
        entry: Object.freeze({
          type: 'symlink',
          mode: Number(opened.stat.mode) & 0o7777,
          size: Number(opened.stat.size),
          target: opened.target,
        }),
        hashed: false,
      };
    case 'directory':
      // Swapped for a directory since the walk: recorded as one, its content unread until the next snapshot.
      return directoryEntry(opened.stat);
    case 'other':
      return {
        entry: Object.freeze({ type: 'other', mode: Number(opened.stat.mode) & 0o7777, size: 0 }),
        hashed: false,
      };
    case 'unsettled':
      return changing(opened.stat);
  }
}

function directoryEntry(stat: BigIntStats): Captured {
  return {
    entry: Object.freeze({ type: 'directory', mode: Number(stat.mode) & 0o7777, size: 0 }),
    hashed: false,
  };
}

/**
 * An entry that kept changing type while it was read (a server swapping it in a loop): recorded as `other`
 * with its last mode, so that a diff reports it as changed, never as what a link pointed at.
 */
function changing(stat: BigIntStats): Captured {
  return {
    entry: Object.freeze({ type: 'other' satisfies FsEntryType, mode: Number(stat.mode) & 0o7777, size: 0 }),
    hashed: false,
  };
}

/** How a file was read, as the stat cache keys it: an entry read another way is not reused. */
function readKey(textMode: TextMode, bytesMode: BytesMode): string {
  return `${textMode}+${bytesMode}`;
}
