import { closeSync, openSync, readSync } from 'node:fs';

/**
 * When a sleeping thread began its wait, read from `/proc/<pid>/task/<tid>/sched` (kernels built with
 * CONFIG_SCHED_DEBUG, as most distributions' are): `se.exec_start` is when the scheduler last accounted the
 * thread, which for a thread blocked in a system call is when it blocked. A libuv loop's `epoll_wait` time-out is
 * a duration from that moment, so with it a timer's due time is known to the millisecond instead of somewhere
 * between two reads.
 *
 * That clock is the runqueue's task clock, which leaves out the time a hypervisor stole from that CPU, so it is
 * kept per CPU and the CPUs drift apart (on a loaded virtual machine by several ms a second). Its offset from
 * `performance.now()` is therefore measured per CPU, on hintproof's own thread woken from a short sleep and read
 * at once, wherever the thread happens to run, and measured again once it is older than `FRESH_MS`. A start on a
 * CPU with no fresh offset is not given. It remains a hint: the caller keeps it only when it falls where its own
 * reads say the wait began.
 */
export class WaitStarts {
  readonly #buffer = Buffer.alloc(4096);
  /** Per CPU: the task clock minus `performance.now()`, in ms, and when that was measured. */
  readonly #offsets = new Map<number, { readonly offset: number; readonly at: number }>();
  #shown = true;
  #measuredAt = -Infinity;

  /** When the thread's current wait began (`performance.now()` time), or `undefined` when it cannot be read. */
  startedAt(pid: number, tid: string): number | undefined {
    if (!this.#shown) return undefined;
    const cpu = this.#cpu(`/proc/${pid}/task/${tid}/stat`);
    if (cpu === undefined) return undefined;
    const offset = this.#offset(cpu);
    if (offset === undefined) return undefined;
    const start = this.#execStart(`/proc/${pid}/task/${tid}/sched`);
    return start === undefined ? undefined : start - offset;
  }

  /** The CPU's fresh offset, measured again when stale or never measured; `undefined` when none could be. */
  #offset(cpu: number): number | undefined {
    const known = this.#offsets.get(cpu);
    if (known !== undefined && performance.now() - known.at < FRESH_MS) return known.offset;
    // At most one measurement per FRESH_MS: on a machine of many CPUs this thread may never run where another does.
    if (performance.now() - this.#measuredAt < FRESH_MS) return undefined;
    this.#measure();
    this.#measuredAt = performance.now();
    const measured = this.#offsets.get(cpu);
    return measured !== undefined && performance.now() - measured.at < FRESH_MS ? measured.offset : undefined;
  }

  /** Samples the offset on whichever CPUs this thread runs on; each can only fall short, so the largest holds. */
  #measure(): void {
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const best = new Map<number, number>();
    for (let sample = 0; sample < SAMPLES; sample++) {
      // Woken from a sleep, the thread was just accounted: its exec_start is now, on its CPU's task clock.
      Atomics.wait(pause, 0, 0, 1);
      const before = this.#cpu('/proc/thread-self/stat');
      const now = performance.now();
      const start = this.#execStart('/proc/thread-self/sched');
      if (start === undefined || before === undefined) {
        this.#shown = false;
        return;
      }
      // A sample taken while the thread moved between CPUs belongs to neither.
      if (this.#cpu('/proc/thread-self/stat') !== before) continue;
      best.set(before, Math.max(best.get(before) ?? -Infinity, start - now));
    }
    const at = performance.now();
    for (const [cpu, offset] of best) this.#offsets.set(cpu, { offset, at });
  }

  /** The CPU a thread last ran on (and is accounted to while it sleeps): field 39 of its stat file. */
  #cpu(path: string): number | undefined {
    const text = this.#read(path);
    if (text === undefined) return undefined;
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const cpu = Number(fields[CPU_FIELD - 3]);
    return Number.isInteger(cpu) ? cpu : undefined;
  }

  #execStart(path: string): number | undefined {
    const text = this.#read(path);
    const match = text === undefined ? null : /^se\.exec_start\s*:\s*(\d+\.\d+)/m.exec(text);
    return match === null ? undefined : Number(match[1]);
  }

  #read(path: string): string | undefined {
    let fd: number | undefined;
    try {
      fd = openSync(path, 'r');
      const bytes = readSync(fd, this.#buffer, 0, this.#buffer.length, 0);
      return this.#buffer.toString('latin1', 0, bytes);
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
}

/** Readings taken per measurement. */
const SAMPLES = 4;
/** How long a CPU's offset is trusted: the CPUs' task clocks drift apart by a few ms a second under load. */
const FRESH_MS = 250;
/** `processor` in proc(5)'s `/proc/<pid>/stat`, 1-based. */
const CPU_FIELD = 39;
