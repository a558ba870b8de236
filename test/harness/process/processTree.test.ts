import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { awaitEnded, ProcessTree } from '../../../harness/process/processTree.js';

const descendants = (pid: number) => {
  using tree = new ProcessTree(pid);
  return tree.descendants();
};

/** Runs `sh -c script` in a group of its own; resolves once it has written `lines` lines. */
async function shell(script: string, lines: number) {
  const child = spawn('sh', ['-c', script], { stdio: ['pipe', 'pipe', 'ignore'], detached: true });
  let seen = 0;
  await new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString().split('\n').length - 1;
      if (seen >= lines) resolve();
    }),
  );
  const pid = child.pid ?? 0;
  return { pid, stdin: child.stdin, [Symbol.dispose]: () => process.kill(-pid, 'SIGKILL') };
}

const commandLine = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();

describe('descendants', () => {
  it('finds children and grandchildren', async () => {
    using tree = await shell('sh -c "sleep 31; :" & echo started; wait', 1);
    // The grandchild is forked, then execs sleep: look until it has.
    await expect
      .poll(() => [...descendants(tree.pid)].map(commandLine).sort())
      .toEqual(['sh -c sleep 31; :', 'sleep 31']);
  });

  it('is empty for a process that does not exist', () => {
    expect(descendants(2 ** 22 + 17).size).toBe(0);
  });

  it('read again from the files it holds, sees children come and go, and threads a process starts later', async () => {
    // A node process that starts a thread and forks from it after the tree was first read.
    const directory = mkdtempSync(join(tmpdir(), 'hintproof-tree-'));
    onTestFinished(() => rmSync(directory, { recursive: true, force: true }));
    const script = join(directory, 'forks-from-a-thread.cjs');
    writeFileSync(
      script,
      `const { Worker } = require('node:worker_threads');
      process.stdin.once('data', () => new Worker(
        "require('node:child_process').spawn('sleep', ['34'], { stdio: 'ignore' }); setTimeout(() => {}, 60000)",
        { eval: true },
      ));
      console.log('started');`,
    );
    using tree = await shell(`exec "${process.execPath}" ${script}`, 1);
    using watch = new ProcessTree(tree.pid);
    expect(watch.descendants().size).toBe(0);
    tree.stdin.write('go\n');
    await expect.poll(() => [...watch.descendants()].map(commandLine)).toEqual(['sleep 34']);
    const [sleeper] = watch.descendants();
    process.kill(sleeper ?? 0, 'SIGKILL');
    await expect.poll(() => watch.descendants().size).toBe(0);
    // Disposed, it holds nothing and opens nothing again (a call still in flight reads it after).
    const open = () => readdirSync('/proc/self/fd').length;
    const held = open();
    watch[Symbol.dispose]();
    expect(open()).toBeLessThan(held);
    const closed = open();
    expect(watch.descendants().size).toBe(0);
    expect(open()).toBe(closed);
  });
});

describe('awaitEnded', () => {
  it('resolves true once the processes end, false when they outlive the wait', async () => {
    using tree = await shell('sleep 0.2 & sleep 32 & echo started; wait', 1);
    await expect
      .poll(() => [...descendants(tree.pid)].map(commandLine).sort())
      .toEqual(['sleep 0.2', 'sleep 32']);
    const below = [...descendants(tree.pid)];
    const short = below.filter((pid) => commandLine(pid) === 'sleep 0.2');
    expect(await awaitEnded(short, 5000)).toBe(true);
    expect(await awaitEnded(below, 100)).toBe(false);
    expect(await awaitEnded([], 100)).toBe(true);
  });

  it('counts an ended process its parent has not reaped as ended', async () => {
    // The forked child ends at once and perl never waits for it: a zombie below the tree's root.
    // (Not `true & exec sleep`: dash may reap its background job before the exec.)
    using tree = await shell(`exec perl -e 'exit 0 unless fork; $| = 1; print "started\\n"; sleep 33'`, 1);
    const states = () =>
      [...descendants(tree.pid)].map((pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0]);
    await expect.poll(states).toEqual(['Z']);
    const [zombie] = descendants(tree.pid);
    expect(await awaitEnded([zombie ?? 0], 100)).toBe(true);
  });
});
