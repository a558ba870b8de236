import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createEgressReader,
  detectIsolation,
  egressTraceAvailable,
  isolatedSpawn,
  prepareLayout,
  serverEnvironment,
  spawnServer,
  tracedSpawn,
} from '../../../harness/process/index.js';

// The fixtures live in the repository, which may itself lie under a directory the sandbox hides (/tmp).
const repoRoot = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');
const work = mkdtempSync(join(tmpdir(), 'hintproof-egress-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const mechanisms = (['bubblewrap', 'unshare'] as const).filter(
  (kind) => detectIsolation(kind).kind === kind && egressTraceAvailable(),
);

describe.each(mechanisms)('egress of a server isolated by %s', (kind) => {
  it('sees every way out (look-up, public address, host port, datagram, unix socket, Fast Open, io_uring), and not the server talking to itself', async () => {
    const runDirectory = join(work, `${kind}-run-0`);
    mkdirSync(join(runDirectory, 'fs'), { recursive: true });
    await prepareLayout(runDirectory);
    const trace = join(work, `${kind}-run-0.egress`);
    const reader = await createEgressReader(trace);
    const fixture = new URL('../../fixtures/servers/egress.js', import.meta.url).pathname;
    const server = await spawnServer(
      tracedSpawn(
        isolatedSpawn(
          {
            command: process.execPath,
            args: [fixture, '--perl'],
            cwd: join(runDirectory, 'fs'),
            env: serverEnvironment(process.env, {}),
          },
          { runDirectory, readOnly: [repoRoot] },
          kind,
        ),
        trace,
      ),
    );
    let output = '';
    for await (const chunk of server.stdout) output += String(chunk);
    await server.exited;
    expect(output, server.stderrTail()).toBe('done\n');
    const attempts = await reader.read();
    reader.close();
    const destinations = attempts.map((attempt) => `${attempt.kind} ${attempt.destination}`);
    expect(destinations).toContain('connect 93.184.216.34:443');
    expect(destinations).toContain('connect 127.0.0.1:5432');
    expect(destinations).toContain('datagram 127.0.0.1:8125');
    // Sent with no address, on a socket connected before: its peer's.
    expect(destinations).toContain('datagram 127.0.0.1:8127');
    expect(destinations).toContain('unix /usr/share/egress-probe.sock');
    expect(destinations).toContain('connect 127.0.0.1:7');
    expect(destinations).toContain('io_uring io_uring_setup');
    expect(destinations.some((d) => d.startsWith('dns '))).toBe(true);
    expect(destinations.filter((d) => /4701[12]|own/.test(d))).toEqual([]);
    // Nothing was written to disk: the trace is a FIFO.
    expect(readdirSync(work).filter((name) => name.endsWith('.log'))).toEqual([]);
  });
});

describe.skipIf(!egressTraceAvailable())('tracedSpawn', () => {
  // A thread or child that never touches the network must run untraced: strace stops a new task at every call
  // until its first seccomp stop, so without the calls every task makes first it would stop twice per call.
  it('does not stop a worker thread or a child that never names an address at each of its calls', async () => {
    const trace = join(work, 'quiet-threads.egress');
    const reader = await createEgressReader(trace);
    const script = [
      "const fs = require('node:fs');",
      "const { execFileSync } = require('node:child_process');",
      // libuv's pool threads start on the first fs call and make every fs call after it.
      'let left = 4000;',
      'const next = () => (left-- > 0 ? fs.stat(__filename, next) : done());',
      'const done = () => {',
      // A child (forked by libuv, then exec) making many calls of its own.
      `  execFileSync(process.execPath, ['-e', 'for (let i = 0; i < 4000; i++) require("node:fs").statSync(".")']);`,
      "  process.stdout.write('ready\\n');",
      "  process.stdin.once('data', () => process.exit(0));",
      '};',
      'next();',
    ].join('\n');
    const traced = tracedSpawn(
      { command: process.execPath, args: ['-e', script], cwd: work, env: serverEnvironment(process.env, {}) },
      trace,
    );
    const tracer = spawn(traced.command, [...traced.args], { cwd: work, stdio: ['pipe', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => tracer.stdout.once('data', () => resolve()));
    // Every stop the tracer handles is a wait it blocked in: 16000 or more without the task-start calls.
    const status = readFileSync(`/proc/${String(tracer.pid)}/status`, 'utf8');
    const switches = Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(status)?.[1]);
    tracer.stdin.write('\n');
    await new Promise((resolve) => tracer.once('exit', resolve));
    reader.close();
    expect(switches).toBeGreaterThan(0);
    expect(switches).toBeLessThan(1500);
  });
});

describe('createEgressReader', () => {
  it('refuses a path that already exists, saying what failed and what it needs', async () => {
    const taken = join(work, 'taken.egress');
    mkdirSync(taken);
    await expect(createEgressReader(taken)).rejects.toThrow(
      /egress: could not make the trace FIFO .*taken\.egress \(.*File exists.*\)\. mkfifo/,
    );
  });
});
