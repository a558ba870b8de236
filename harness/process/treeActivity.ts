import { closeSync, openSync, readSync } from 'node:fs';

/** One process's counters: read and write calls, the bytes they moved, and its thread count. */
interface ProcessActivity {
  readonly reads: number;
  readonly writes: number;
  readonly readBytes: number;
  readonly writtenBytes: number;
  readonly threads: number;
}

/** A reading of a process tree's activity: each live process's counters, by pid. */
export type Activity = ReadonlyMap<number, ProcessActivity>;

/** What one wake-up of a thread by another moves: an eventfd's counter (libuv's `uv_async_send`, Node's ports). */
const SIGNAL_BYTES = 8;

/**
 * Whether nothing that can leave a trace happened between two readings of one tree: the same processes with as
 * many threads, and every read or write call in between moved exactly one eventfd counter (8 bytes): threads
 * of the server waking each other (a timer's firing posting a task to its own loop, a logger's worker told of
 * nothing new), which reaches no file, pipe or socket. A send with an address (`sendto`) is not counted in
 * these figures: egress is traced apart. Pure.
 */
export function quietBetween(before: Activity, after: Activity): boolean {
  if (before.size !== after.size) return false;
  for (const [pid, was] of before) {
    const now = after.get(pid);
    if (now === undefined || now.threads !== was.threads) return false;
    const reads = now.reads - was.reads;
    const writes = now.writes - was.writes;
    if (now.readBytes - was.readBytes !== reads * SIGNAL_BYTES) return false;
    if (now.writtenBytes - was.writtenBytes !== writes * SIGNAL_BYTES) return false;
  }
  return true;
}

/**
 * What a process tree has done that can leave a trace anywhere (`read(pids)`): per process, its read and write
 * calls and the bytes they moved (`syscr`, `syscw`, `rchar`, `wchar` of `/proc/<pid>/io`: every thread's,
 * ended ones included; files, pipes and sockets alike) and its thread count; `quietBetween` compares two.
 * Each process's files stay open and are read again in place. The pids are the server's process tree, read
 * by hintproof: nothing here follows a path the server chose.
 */
export class TreeActivity implements Disposable {
  readonly #files = new Map<number, { readonly io: number; readonly stat: number }>();
  readonly #buffer = Buffer.alloc(1024);

  /** One reading of `pids` (a process that ended is left out), or `undefined` where /proc will not show it. */
  read(pids: Iterable<number>): Activity | undefined {
    const found = new Map<number, ProcessActivity>();
    const live = new Set<number>();
    for (const pid of pids) {
      const files = this.#open(pid);
      if (files === undefined) return undefined;
      const io = this.#text(files.io);
      const stat = this.#text(files.stat);
      if (io === undefined || stat === undefined) {
        this.#close(pid);
        continue;
      }
      live.add(pid);
      // After the command name (any bytes, up to the last ')'), num_threads is field 20.
      const threads = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[17]);
      found.set(pid, {
        reads: counter(io, 'syscr'),
        writes: counter(io, 'syscw'),
        readBytes: counter(io, 'rchar'),
        writtenBytes: counter(io, 'wchar'),
        threads,
      });
    }
    for (const pid of this.#files.keys()) if (!live.has(pid)) this.#close(pid);
    return found;
  }

  [Symbol.dispose](): void {
    for (const pid of [...this.#files.keys()]) this.#close(pid);
  }

  /** The process's two files, opened once; `undefined` when /proc refuses them (not when the process ended). */
  #open(pid: number): { readonly io: number; readonly stat: number } | undefined {
    const known = this.#files.get(pid);
    if (known !== undefined) return known;
    let io: number | undefined;
    try {
      io = openSync(`/proc/${pid}/io`, 'r');
      const files = { io, stat: openSync(`/proc/${pid}/stat`, 'r') };
      this.#files.set(pid, files);
      return files;
    } catch (error) {
      if (io !== undefined) closeSync(io);
      const code = (error as NodeJS.ErrnoException).code;
      // An ended process has no files: a reading that says it is gone, not an unreadable machine.
      return code === 'ENOENT' || code === 'ESRCH' ? { io: -1, stat: -1 } : undefined;
    }
  }

  #text(fd: number): string | undefined {
    if (fd < 0) return undefined;
    try {
      const bytes = readSync(fd, this.#buffer, 0, this.#buffer.length, 0);
      return this.#buffer.toString('latin1', 0, bytes);
    } catch {
      return undefined;
    }
  }

  #close(pid: number): void {
    const files = this.#files.get(pid);
    this.#files.delete(pid);
    if (files === undefined || files.io < 0) return;
    closeSync(files.io);
    closeSync(files.stat);
  }
}

/** A field of /proc/<pid>/io; NaN when absent (no two readings then compare equal). */
function counter(io: string, name: keyof typeof COUNTERS): number {
  const match = COUNTERS[name].exec(io);
  return match === null ? Number.NaN : Number(match[1]);
}

/** The /proc/<pid>/io fields read, each made into its pattern once (a settle reads them per process per poll). */
const COUNTERS = {
  syscr: /^syscr:\s*(\d+)/m,
  syscw: /^syscw:\s*(\d+)/m,
  rchar: /^rchar:\s*(\d+)/m,
  wchar: /^wchar:\s*(\d+)/m,
} as const;
