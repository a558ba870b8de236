import { statfs } from 'node:fs/promises';
import { Directory, TreeTooDeep, walkTree } from '../tree/index.js';

/** How much an isolated server may add to its sandbox directory while it runs. */
export interface DiskLimit {
  /** Disk space (allocated blocks) added since the server started, in bytes. */
  readonly bytes: number;
  /** Files and directories added since the server started. */
  readonly entries: number;
}

export const DEFAULT_DISK_LIMIT: DiskLimit = { bytes: 1024 ** 3, entries: 100_000 };

export interface DiskGuard {
  /** Why the limit was exceeded, once it was. */
  exceeded(): string | undefined;
  stop(): void;
}

interface Usage {
  readonly bytes: number;
  readonly entries: number;
}

/**
 * Watches a sandbox directory while its server runs and calls `onExceeded` once, with the reason, when the
 * server has added more than the limit (the file-size limit alone would let it fill the disk with many
 * files). Cheap while nothing grows: every `intervalMs` the filesystem's free blocks and inodes (statfs)
 * bound how much the directory can have grown since it was last counted, and only when that bound crosses
 * the limit is the directory walked. Writers elsewhere on the same filesystem can cause an extra walk,
 * never a false alarm; the count is of allocated blocks, so sparse files count as what they occupy.
 */
export function guardDisk(
  directory: string,
  limit: DiskLimit,
  onExceeded: (reason: string) => void,
  intervalMs = 100,
): DiskGuard {
  let reason: string | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let start: Usage | undefined;
  let counted: Usage = { bytes: 0, entries: 0 };
  let free = { bytes: 0, inodes: 0 };
  // Opened once, before the server writes anything: its tree is walked through this fd, never by path.
  const root = Directory.open(directory);
  root.catch(() => {});

  const count = async () => {
    free = await freeSpace(directory);
    counted = await usage(await root);
    start ??= counted;
  };
  const check = async () => {
    if (start === undefined) return count();
    const now = await freeSpace(directory);
    const couldHaveAdded = {
      bytes: counted.bytes - start.bytes + (free.bytes - now.bytes),
      entries: counted.entries - start.entries + (free.inodes - now.inodes),
    };
    if (couldHaveAdded.bytes <= limit.bytes && couldHaveAdded.entries <= limit.entries) return;
    try {
      await count();
    } catch (error) {
      if (!(error instanceof TreeTooDeep)) throw error;
      reason = `the server nested directories more than ${error.depth} levels deep in its sandbox, and was stopped`;
      stopped = true;
      onExceeded(reason);
      return;
    }
    const added = { bytes: counted.bytes - start.bytes, entries: counted.entries - start.entries };
    if (added.bytes > limit.bytes) {
      reason =
        `the server wrote ${mebibytes(added.bytes)} into its sandbox, over the ${mebibytes(limit.bytes)} disk ` +
        'limit, and was stopped';
    } else if (added.entries > limit.entries) {
      reason = `the server made ${added.entries} files and directories in its sandbox, over the limit of ${limit.entries}, and was stopped`;
    }
    if (reason !== undefined) {
      stopped = true;
      onExceeded(reason);
    }
  };
  /** The check in flight (or the last one): the directory's fd is closed only once it has ended. */
  let running: Promise<void> = Promise.resolve();
  let closed = false;
  const run = (step: () => Promise<void>) => {
    running = step()
      .catch(() => {})
      .finally(() => {
        if (!stopped) tick();
      });
  };
  const tick = () => {
    timer = setTimeout(() => run(check), intervalMs);
    timer.unref();
  };
  run(count);
  return {
    exceeded: () => reason,
    stop() {
      stopped = true;
      clearTimeout(timer);
      if (closed) return;
      closed = true;
      void running.then(() => root.then((open) => open.close()).catch(() => {}));
    },
  };
}

async function freeSpace(directory: string): Promise<{ bytes: number; inodes: number }> {
  const stats = await statfs(directory);
  return { bytes: stats.bfree * stats.bsize, inodes: stats.ffree };
}

/** Allocated bytes and entries below the open `directory` (symlinks counted, never followed). */
async function usage(directory: Directory): Promise<Usage> {
  const tree = await walkTree(directory, { tolerant: true });
  let bytes = 0;
  for (const entry of tree.entries) bytes += Number(entry.stat.blocks) * 512;
  return { bytes, entries: tree.entries.length };
}

function mebibytes(bytes: number): string {
  return `${Math.round(bytes / 1024 ** 2)} MiB`;
}
