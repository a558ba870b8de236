import { closeSync, openSync, readSync } from 'node:fs';

/**
 * When a sleeping thread began its wait, read from `/proc/<pid>/task/<tid>/sched` (kernels built with
 * CONFIG_SCHED_DEBUG, as most distributions' are): `se.exec_start` is when the scheduler last accounted the
 * thread, which for a thread blocked in a system call is when it blocked. A libuv loop's `epoll_wait` time-out is
 * a duration from that moment, so with it a timer's due time is known to the millisecond instead of somewhere
 * between two reads.
 *
 * That clock (the runqueue's task clock, in ms) is not `performance.now()`'s: the offset between the two is
 * measured once per reader on hintproof's own thread, woken from a short sleep and read at once. The clock is
 * kept per CPU and may lag where a hypervisor steals time, so a start is only a hint: the caller keeps it only
 * when it falls where its own reads say the wait began.
 */
export class WaitStarts {
  readonly #buffer = Buffer.alloc(4096);
  #offset: number | undefined | null = null;

  /** When the thread's current wait began (`performance.now()` time), or `undefined` when it cannot be read. */
  startedAt(pid: number, tid: string): number | undefined {
    const offset = this.#calibrated();
    if (offset === undefined) return undefined;
    const start = this.#execStart(`/proc/${pid}/task/${tid}/sched`);
    return start === undefined ? undefined : start - offset;
  }

  /** The scheduler clock minus `performance.now()`, in ms; `undefined` where the sched file is not shown. */
  #calibrated(): number | undefined {
    if (this.#offset !== null) return this.#offset;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    let best: number | undefined;
    for (let sample = 0; sample < SAMPLES; sample++) {
      // Woken from a sleep, the thread was just accounted: its exec_start is now, on the scheduler's clock.
      Atomics.wait(pause, 0, 0, 1);
      const now = performance.now();
      const start = this.#execStart('/proc/thread-self/sched');
      if (start === undefined) return (this.#offset = undefined);
      best = Math.max(best ?? -Infinity, start - now);
    }
    return (this.#offset = best);
  }

  #execStart(path: string): number | undefined {
    let fd: number | undefined;
    try {
      fd = openSync(path, 'r');
      const bytes = readSync(fd, this.#buffer, 0, this.#buffer.length, 0);
      const match = /^se\.exec_start\s*:\s*(\d+\.\d+)/m.exec(this.#buffer.toString('latin1', 0, bytes));
      return match === null ? undefined : Number(match[1]);
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
}

/** Readings taken to measure the clocks' offset: the largest is the closest (each can only fall short). */
const SAMPLES = 5;
