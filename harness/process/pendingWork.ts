import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import { waitKinds } from './waitCalls.js';
import { WaitStarts } from './waitStart.js';
import type { WaitKind } from './waitCalls.js';

/**
 * What one thread of a process is doing, read from `/proc/<pid>/task/<tid>/syscall`:
 * - `idle`: blocked in a call that only something from outside ends (a read of its stdin, a wait for a child,
 *   a futex or poll with no time-out): it does nothing until asked;
 * - `timer`: blocked until a time-out (a libuv loop's next timer, a `threading.Timer`, a `sleep`): a deadline
 *   (`dueAt`, `performance.now()` time), or a duration from when the wait began (`timeoutMs`: the argument does
 *   not count down), with when the scheduler says it began (`startedAt`, see `WaitStarts`) where it shows it;
 * - `busy`: running, or in any other call (a write, an fsync): it is working.
 */
type ThreadState =
  | { readonly state: 'idle' }
  | { readonly state: 'busy' }
  | { readonly state: 'timer'; readonly dueAt: number }
  | { readonly state: 'timer'; readonly timeoutMs: number; readonly startedAt?: number };

/** One thread's state and the syscall line it was read from (the same line twice: the same wait). */
export interface ThreadWork {
  readonly thread: string;
  readonly line: string;
  readonly work: ThreadState;
}

/** /proc would not show a thread's syscall (a machine that hides it, or a process hintproof may not read). */
const REFUSED = Symbol('refused');

/** A time-out further away than this is no pending work: `Infinity` for every practical purpose. */
const FOREVER_MS = 24 * 3600 * 1000;

/**
 * Reads the state of every thread of a process tree (`read(pids)`), keeping each thread's syscall file open and
 * reading it again in place (a settle reads a node server's dozen threads around every call, and again while
 * it waits). A thread that ended is forgotten; so is every file once `close()` is called. The pids are the
 * server's process tree, read by hintproof: nothing here follows a path the server chose.
 */
export class ThreadReader implements Disposable {
  readonly #files = new Map<string, number>();
  /** Each thread's last line and what it showed: a line read again unchanged is not parsed again. */
  readonly #states = new Map<string, ThreadWork>();
  /** Each process's threads, listed again only when its thread count (in its stat file, held open) changes. */
  readonly #tasks = new Map<number, { readonly stat: number; count: number; tids: string[] }>();
  readonly #buffer = Buffer.alloc(512);
  readonly #starts = new WaitStarts();

  /**
   * The state of every thread of `pids` (those that end while being read are left out), or `undefined` where it
   * cannot be read here (no /proc, an architecture `waitCalls` does not know, /proc/<pid>/syscall refused).
   */
  read(pids: Iterable<number>): ThreadWork[] | undefined {
    const kinds = waitKinds(process.arch);
    if (kinds === undefined) return undefined;
    const found: ThreadWork[] = [];
    const live = new Set<string>();
    const processes = new Set<number>();
    for (const pid of pids) {
      const threads = this.#threads(pid);
      if (threads === undefined) continue; // it ended
      processes.add(pid);
      for (const tid of threads) {
        const thread = `${pid}/${tid}`;
        const line = this.#line(thread, pid, tid);
        if (line === REFUSED) return undefined; // this machine does not let hintproof see it
        if (line === undefined) continue;
        live.add(thread);
        const known = this.#states.get(thread);
        const work =
          known?.line === line
            ? known
            : { thread, line, work: this.#dated(threadState(line, kinds, pid), pid, tid) };
        this.#states.set(thread, work);
        found.push(work);
      }
    }
    for (const [thread, fd] of this.#files) {
      if (live.has(thread)) continue;
      closeSync(fd);
      this.#files.delete(thread);
      this.#states.delete(thread);
    }
    for (const [pid, task] of this.#tasks) {
      if (processes.has(pid)) continue;
      closeSync(task.stat);
      this.#tasks.delete(pid);
    }
    return found;
  }

  [Symbol.dispose](): void {
    for (const fd of this.#files.values()) closeSync(fd);
    for (const task of this.#tasks.values()) closeSync(task.stat);
    this.#files.clear();
    this.#tasks.clear();
    this.#states.clear();
  }

  /** A duration's wait, with when it began where the scheduler shows it. */
  #dated(state: ThreadState, pid: number, tid: string): ThreadState {
    if (!('timeoutMs' in state)) return state;
    const startedAt = this.#starts.startedAt(pid, tid);
    return startedAt === undefined ? state : { ...state, startedAt };
  }

  /** A process's thread ids, listed again when its thread count moved; `undefined` once it has ended. */
  #threads(pid: number): string[] | undefined {
    let task = this.#tasks.get(pid);
    try {
      if (task === undefined) {
        task = { stat: openSync(`/proc/${pid}/stat`, 'r'), count: -1, tids: [] };
        this.#tasks.set(pid, task);
      }
      const bytes = readSync(task.stat, this.#buffer, 0, this.#buffer.length, 0);
      const text = this.#buffer.toString('latin1', 0, bytes);
      // After the command name, which may hold any byte but ends at the last ')': state is field 3,
      // num_threads field 20. A zombie (or dead) process does nothing more: it has no threads to wait for.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z' || fields[0] === 'X') return [];
      const count = Number(fields[17]);
      if (count !== task.count) {
        task.tids = readdirSync(`/proc/${pid}/task`);
        task.count = count;
      }
      return task.tids;
    } catch {
      if (task !== undefined) closeSync(task.stat);
      this.#tasks.delete(pid);
      return undefined;
    }
  }

  /** One thread's syscall line; `undefined` when it ended, `REFUSED` when /proc will not show it. */
  #line(thread: string, pid: number, tid: string): string | typeof REFUSED | undefined {
    let fd = this.#files.get(thread);
    try {
      if (fd === undefined) {
        fd = openSync(`/proc/${pid}/task/${tid}/syscall`, 'r');
        this.#files.set(thread, fd);
      }
      const bytes = readSync(fd, this.#buffer, 0, this.#buffer.length, 0);
      return this.#buffer.toString('latin1', 0, bytes).trim();
    } catch (error) {
      if (fd !== undefined) {
        closeSync(fd);
        this.#files.delete(thread);
      }
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'EACCES' || code === 'EPERM' ? REFUSED : undefined;
    }
  }
}

/** Pure but for the time-out read from the thread's memory: the state one syscall line shows. */
function threadState(line: string, kinds: ReadonlyMap<number, WaitKind>, pid: number): ThreadState {
  if (line === 'running') return { state: 'busy' };
  const fields = line.split(' ');
  const number = Number(fields[0]);
  // -1: blocked, but not in a system call (a page fault, a signal stop): working.
  if (!Number.isInteger(number) || number < 0) return { state: 'busy' };
  const kind = kinds.get(number);
  if (kind === undefined) return { state: 'busy' };
  const arg = (index: number) => BigInt(fields[index + 1] ?? '0x0');
  const now = performance.now();
  switch (kind.timeout) {
    case 'none':
      return { state: 'idle' };
    case 'ms': {
      const ms = BigInt.asIntN(32, arg(kind.arg));
      if (ms < 0n) return { state: 'idle' };
      return duration(Number(ms));
    }
    case 'timespec':
    case 'timeval': {
      const pointer = arg(kind.arg);
      if (pointer === 0n) return { state: 'idle' };
      const absolute = kind.absolute?.(fields.slice(1).map((field) => BigInt(field))) ?? false;
      const value = readTime(pid, pointer, kind.timeout === 'timeval' ? 1000n : 1n);
      if (value === undefined) return { state: 'busy' };
      if (!absolute) return duration(value);
      const dueAt = now + (value - clockNow(absolute));
      return dueAt - now > FOREVER_MS ? { state: 'idle' } : { state: 'timer', dueAt };
    }
  }
}

/** The clock a deadline is on, now, in ms: CLOCK_REALTIME, or CLOCK_MONOTONIC (`process.hrtime`). */
function clockNow(clock: 'monotonic' | 'realtime'): number {
  return clock === 'realtime' ? Date.now() : Number(process.hrtime.bigint() / 1000n) / 1000;
}

function duration(timeoutMs: number): ThreadState {
  return timeoutMs > FOREVER_MS ? { state: 'idle' } : { state: 'timer', timeoutMs };
}

/**
 * A `timespec` (`unit` 1: nanoseconds) or `timeval` (`unit` 1000: microseconds) in a thread's memory, in ms;
 * `undefined` when it cannot be read (the process ended, the address is not mapped).
 */
function readTime(pid: number, address: bigint, unit: bigint): number | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(`/proc/${pid}/mem`, 'r');
    const buffer = Buffer.alloc(16);
    if (readSync(fd, buffer, 0, 16, address) !== 16) return undefined;
    const seconds = buffer.readBigInt64LE(0);
    const fraction = buffer.readBigInt64LE(8);
    return Number(seconds) * 1000 + Number(fraction * unit) / 1e6;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
