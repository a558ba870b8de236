import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { ThreadWork } from '../../../harness/process/pendingWork.js';
import { ThreadReader } from '../../../harness/process/pendingWork.js';
import { waitKinds } from '../../../harness/process/waitCalls.js';

/** Starts a program whose stdin stays open; resolves once it printed its first line. */
async function started(command: string, args: string[]) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  await sleep(50); // into its wait
  return { pid: child.pid ?? 0, child, [Symbol.dispose]: () => child.kill('SIGKILL') };
}

/** The CPU this thread last ran on (field 39 of its stat, counted after the command name). */
function ownCpu(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'latin1');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[36]);
}

/** Holds this thread on the CPU it is on until disposed (then gives it back every CPU it had). */
function pinnedToOneCpu(): Disposable & { readonly cpu: number } {
  const tid = readFileSync('/proc/thread-self/stat', 'latin1').split(' ')[0]!;
  const mask = /: ([0-9a-f]+)\s*$/.exec(execFileSync('taskset', ['-p', tid], { encoding: 'utf8' }))![1]!;
  const cpu = ownCpu();
  execFileSync('taskset', ['-p', '-c', String(cpu), tid], { stdio: 'ignore' });
  return { cpu, [Symbol.dispose]: () => execFileSync('taskset', ['-p', mask, tid], { stdio: 'ignore' }) };
}

/** The time-outs a reading shows, in ms from now (deadlines) or as given (durations). */
function timeouts(work: readonly ThreadWork[]): number[] {
  return work.flatMap(({ work: state }) => {
    if (state.state !== 'timer') return [];
    return ['dueAt' in state ? state.dueAt - performance.now() : state.timeoutMs];
  });
}

describe.runIf(waitKinds(process.arch) !== undefined)('ThreadReader', () => {
  it('shows an idle node server as idle, and the timer a call set as due when it was set for', async () => {
    const script =
      "process.stdout.write('ready\\n'); process.stdin.on('data', () => setTimeout(() => {}, 1500));";
    // The scheduler's task clock is kept per CPU and the reader dates a wait only on a CPU where it measured that
    // clock itself: this thread and the server are held on one CPU. The clock can still lag on a loaded machine
    // (the reader's caller keeps a start only where its own reads agree): dated to the ms in one of three tries.
    using pinned = pinnedToOneCpu();
    const starts: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      using server = await started('taskset', ['-c', String(pinned.cpu), process.execPath, '-e', script]);
      using reader = new ThreadReader();
      const idle = reader.read([server.pid]) ?? [];
      expect(idle.length, 'every thread of the process').toBeGreaterThan(1);
      expect(timeouts(idle).filter((ms) => ms < 5000)).toEqual([]);
      const asked = performance.now();
      server.child.stdin.write('go\n');
      await sleep(100);
      const read = performance.now();
      const work = reader.read([server.pid]) ?? [];
      const due = timeouts(work).filter((ms) => ms < 5000);
      // libuv's epoll_wait time-out: the duration from when the loop went to wait, as it was then.
      expect(due.length).toBe(1);
      expect(due[0]).toBeGreaterThan(1300);
      expect(due[0]).toBeLessThanOrEqual(1500);
      // And when that wait began, from the scheduler (this machine's kernel shows /proc/<tid>/sched).
      const timer = work.find(({ work: state }) => 'timeoutMs' in state && state.timeoutMs <= 1500)?.work;
      const startedAt = timer !== undefined && 'startedAt' in timer ? timer.startedAt : undefined;
      expect(startedAt, 'the wait dated').toBeDefined();
      if (startedAt !== undefined && startedAt > asked - 3 && startedAt < read + 3) return;
      starts.push(`${startedAt} not within [${asked - 3}, ${read + 3}]`);
    }
    expect.fail(`the wait's start was never dated to the ms: ${starts.join('; ')}`);
  });

  it("reads a thread timer's deadline (a futex wait) and a sleeping child's duration", async () => {
    const script =
      'import sys, threading, time\n' +
      'threading.Timer(2.0, lambda: None).start()\n' +
      "print('ready', flush=True)\n" +
      'sys.stdin.read()\n';
    using python = await started('python3', ['-c', script]);
    using reader = new ThreadReader();
    const due = timeouts(reader.read([python.pid]) ?? []);
    expect(
      due.some((ms) => ms > 1500 && ms <= 2000),
      `time-outs seen: ${due.join(', ')}`,
    ).toBe(true);
    using shell = await started('sh', ['-c', 'echo ready; sleep 3']);
    const child = Number(
      (await import('node:fs')).readFileSync(`/proc/${shell.pid}/task/${shell.pid}/children`, 'utf8').trim(),
    );
    const slept = timeouts(reader.read([shell.pid, child]) ?? []);
    expect(slept).toContain(3000);
  });

  it('leaves out a process that ended, and a zombie left unreaped', async () => {
    using reader = new ThreadReader();
    expect(reader.read([2 ** 22 + 12345])).toEqual([]);
    // The child is kept (never waited for), so it stays a zombie once it exits.
    const script =
      "import subprocess, sys; child = subprocess.Popen(['true']); print('ready', flush=True); sys.stdin.read()";
    using python = await started('python3', ['-c', script]);
    const { readFileSync } = await import('node:fs');
    const children = () => readFileSync(`/proc/${python.pid}/task/${python.pid}/children`, 'utf8').trim();
    for (let waited = 0; children() === '' && waited < 5000; waited += 50) await sleep(50);
    const zombie = Number(children());
    const stat = () => readFileSync(`/proc/${zombie}/stat`, 'utf8');
    for (let waited = 0; !/\) Z /.test(stat()) && waited < 5000; waited += 50) await sleep(50);
    expect(stat()).toMatch(/\) Z /);
    expect(reader.read([zombie])).toEqual([]);
  });
});

describe('waitKinds', () => {
  it('knows the waits of x64 and arm64 by number, and no other architecture', () => {
    expect(waitKinds('x64')?.get(281)).toMatchObject({ timeout: 'ms', arg: 3 }); // epoll_pwait
    expect(waitKinds('arm64')?.get(22)).toMatchObject({ timeout: 'ms', arg: 3 }); // epoll_pwait
    expect(waitKinds('x64')?.get(0)).toMatchObject({ timeout: 'none' }); // read
    expect(waitKinds('riscv64')).toBeUndefined();
  });

  it("tells a futex's deadlines from its durations by its operation", () => {
    const futex = waitKinds('x64')?.get(202);
    const args = (op: bigint) => [0n, op, 0n, 1n, 0n, 0n];
    expect(futex?.absolute?.(args(128n))).toBe(false); // FUTEX_WAIT_PRIVATE: a duration
    expect(futex?.absolute?.(args(9n | 128n))).toBe('monotonic'); // FUTEX_WAIT_BITSET_PRIVATE
    expect(futex?.absolute?.(args(9n | 256n))).toBe('realtime'); // … with FUTEX_CLOCK_REALTIME
  });
});
