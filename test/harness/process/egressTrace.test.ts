import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
    expect(destinations).toContain('unix /usr/share/egress-probe.sock');
    expect(destinations).toContain('connect 127.0.0.1:7');
    expect(destinations).toContain('io_uring io_uring_setup');
    expect(destinations.some((d) => d.startsWith('dns '))).toBe(true);
    expect(destinations.filter((d) => d.includes('47011') || d.includes('own'))).toEqual([]);
    // Nothing was written to disk: the trace is a FIFO.
    expect(readdirSync(work).filter((name) => name.endsWith('.log'))).toEqual([]);
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
