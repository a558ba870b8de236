import { closeSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';

/** How often the processes a call left are looked at while waiting for them to end. */
const POLL_MS = 3;

/** One process being watched: its stat file and the children list of each of its threads, held open. */
interface Watched {
  readonly stat: number;
  threads: Map<string, number>;
  threadCount: number;
}

/**
 * The processes below one process (children, theirs, and so on), read from `/proc/<pid>/task/<tid>/children`
 * of every thread (a process may fork from any of its threads). The files are held open and read again in
 * place (a few µs each, against ~12 µs to open one): a session reads its server's tree around every call.
 * A process's threads are listed again when their number changes or a thread's file fails (it ended); a
 * file held for a process that ended fails too, so a reused pid is never taken for the process it was.
 */
export class ProcessTree implements Disposable {
  readonly #watched = new Map<number, Watched>();
  readonly #buffer = Buffer.alloc(64 * 1024);
  #closed = false;

  constructor(private readonly root: number) {}

  /**
   * The processes below the root now; those that ended and were not yet reaped by their parent are among
   * them (`awaitEnded` counts them as ended). Empty where /proc offers no children lists, or once the root
   * has gone, or the tree has been disposed (a call still in flight then opens nothing).
   */
  descendants(): Set<number> {
    const found = new Set<number>();
    if (this.#closed) return found;
    const visited = new Set<number>();
    const pending = [this.root];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      visited.add(next);
      for (const child of this.#childrenOf(next)) {
        if (found.has(child)) continue;
        found.add(child);
        pending.push(child);
      }
    }
    for (const pid of [...this.#watched.keys()]) if (!visited.has(pid)) this.#forget(pid);
    return found;
  }

  [Symbol.dispose](): void {
    this.#closed = true;
    for (const pid of [...this.#watched.keys()]) this.#forget(pid);
  }

  #childrenOf(pid: number): number[] {
    for (let attempt = 0; attempt < 2; attempt++) {
      const watched = this.#watch(pid);
      if (watched === undefined) return [];
      const children = this.#readChildren(watched);
      if (children !== undefined) return children;
      // A thread ended since the threads were listed: list them again.
      this.#list(pid, watched);
    }
    return [];
  }

  #watch(pid: number): Watched | undefined {
    let watched = this.#watched.get(pid);
    if (watched !== undefined) {
      const count = this.#threadCount(watched.stat);
      if (count === undefined) {
        this.#forget(pid);
        watched = undefined;
      } else if (count !== watched.threadCount) {
        this.#list(pid, watched);
      }
    }
    if (watched === undefined) {
      const stat = openOrUndefined(`/proc/${pid}/stat`);
      if (stat === undefined) return undefined;
      watched = { stat, threads: new Map(), threadCount: this.#threadCount(stat) ?? 0 };
      this.#watched.set(pid, watched);
      this.#list(pid, watched);
    }
    return watched;
  }

  #list(pid: number, watched: Watched): void {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      tids = [];
    }
    const threads = new Map<string, number>();
    for (const tid of tids) {
      const held = watched.threads.get(tid) ?? openOrUndefined(`/proc/${pid}/task/${tid}/children`);
      if (held !== undefined) threads.set(tid, held);
    }
    for (const [tid, fd] of watched.threads) if (!threads.has(tid)) closeSync(fd);
    watched.threads = threads;
    watched.threadCount = this.#threadCount(watched.stat) ?? threads.size;
  }

  /** Every thread's children, or `undefined` when a thread's file failed (the thread ended). */
  #readChildren(watched: Watched): number[] | undefined {
    const children: number[] = [];
    for (const fd of watched.threads.values()) {
      const text = this.#read(fd);
      if (text === undefined) return undefined;
      for (const word of text.split(' ')) if (word !== '' && word !== '\n') children.push(Number(word));
    }
    return children;
  }

  /** The number of threads from a held stat file; `undefined` once the process has ended. */
  #threadCount(stat: number): number | undefined {
    const text = this.#read(stat);
    if (text === undefined) return undefined;
    // The command name in parentheses may hold anything: the fields follow the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const state = fields[0];
    if (state === 'Z' || state === 'X' || state === 'x') return undefined;
    return Number(fields[17]);
  }

  #read(fd: number): string | undefined {
    try {
      return this.#buffer.toString('latin1', 0, readSync(fd, this.#buffer, 0, this.#buffer.length, 0));
    } catch {
      return undefined;
    }
  }

  #forget(pid: number): void {
    const watched = this.#watched.get(pid);
    if (watched === undefined) return;
    closeSync(watched.stat);
    for (const fd of watched.threads.values()) closeSync(fd);
    this.#watched.delete(pid);
  }
}

/**
 * Waits until none of `pids` is alive (an ended process not yet reaped by its parent counts as ended), or
 * `ms` have passed. True when all ended in time.
 */
export async function awaitEnded(pids: Iterable<number>, ms: number): Promise<boolean> {
  let waiting = [...pids].filter(isLive);
  const deadline = performance.now() + ms;
  while (waiting.length > 0) {
    if (performance.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    waiting = waiting.filter(isLive);
  }
  return true;
}

function openOrUndefined(path: string): number | undefined {
  try {
    return openSync(path, 'r');
  } catch {
    return undefined;
  }
}

/** Whether `pid` is a process that has not ended (its state in /proc/<pid>/stat is neither Z nor X). */
function isLive(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z' && state !== 'X' && state !== 'x';
}
