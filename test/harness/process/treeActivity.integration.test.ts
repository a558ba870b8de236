import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { quietBetween, TreeActivity } from '../../../harness/process/treeActivity.js';

const work = mkdtempSync(join(tmpdir(), 'hintproof-tree-activity-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Starts a node program; resolves once it printed its first line. */
async function started(script: string) {
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'ignore'] });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  await sleep(100); // past its start-up
  return { pid: child.pid ?? 0, child, [Symbol.dispose]: () => child.kill('SIGKILL') };
}

/** Whether `pid`'s tree stayed quiet over `ms`. */
async function quietOver(pid: number, ms: number): Promise<boolean> {
  using activity = new TreeActivity();
  const before = activity.read([pid]);
  await sleep(ms);
  const after = activity.read([pid]);
  expect(before, '/proc/<pid>/io readable here').toBeDefined();
  return before !== undefined && after !== undefined && quietBetween(before, after);
}

describe.runIf(process.platform === 'linux')('TreeActivity', () => {
  it('reads a server whose timers fire with nothing done, and a worker polling with back-off, as quiet', async () => {
    // Timers armed and cleared, a repeating empty timer, and a worker thread waking its parent by message.
    const script = `
      const { Worker } = require('node:worker_threads');
      const worker = new Worker("const { parentPort } = require('node:worker_threads'); setInterval(() => parentPort.postMessage(1), 40);", { eval: true });
      worker.on('message', () => clearTimeout(setTimeout(() => {}, 1000)));
      setInterval(() => {}, 25);
      process.stdout.write('ready\\n');`;
    using server = await started(script);
    expect(await quietOver(server.pid, 400)).toBe(true);
  });

  it('reads a timer that writes a file, one that logs a line, and one that starts a thread or a process, as work', async () => {
    const cases = {
      'a debounced save': `setTimeout(() => require('node:fs').writeFileSync(${JSON.stringify(join(work, 'saved.json'))}, '{"a":1}'), 400);`,
      'a line on stderr': `setTimeout(() => process.stderr.write('flushed the queue\\n'), 400);`,
      'a child process': `setTimeout(() => require('node:child_process').spawn('true'), 400);`,
      'a worker thread': `setTimeout(() => new (require('node:worker_threads').Worker)('1', { eval: true }), 400);`,
    };
    for (const [name, body] of Object.entries(cases)) {
      using server = await started(`${body} process.stdout.write('ready\\n'); setInterval(() => {}, 1000);`);
      expect(await quietOver(server.pid, 900), name).toBe(false);
    }
  });

  it('is not quiet when a process of the tree ended or began', () => {
    const one = new Map([[1, { reads: 1, writes: 1, readBytes: 8, writtenBytes: 8, threads: 3 }]]);
    expect(quietBetween(one, new Map())).toBe(false);
    expect(quietBetween(new Map(), one)).toBe(false);
    const woken = new Map([[1, { reads: 3, writes: 2, readBytes: 24, writtenBytes: 16, threads: 3 }]]);
    expect(quietBetween(one, woken), 'eventfd wake-ups only').toBe(true);
    const wrote = new Map([[1, { reads: 1, writes: 2, readBytes: 8, writtenBytes: 20, threads: 3 }]]);
    expect(quietBetween(one, wrote)).toBe(false);
  });
});
