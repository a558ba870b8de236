import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectIsolation } from '../../harness/process/isolation.js';
import { fixtures, runCli } from './runCli.js';

/**
 * Issue 13: a server whose state lives in a service the sandbox does not provide. Redis and MariaDB may really
 * run on this machine: the fixture is only ever run isolated, where the namespace refuses 127.0.0.1:6379, or
 * against a socket path that exists nowhere.
 */
const isolated = detectIsolation().kind !== 'none';
const server = (mode: string, address?: string) => [
  'node',
  join(fixtures, 'needs-service.js'),
  mode,
  ...(address === undefined ? [] : [address]),
];
const absentSocket = '/run/hintproof-absent/redis.sock';

function expectNamed(stderr: string, address: RegExp): void {
  expect(stderr).toMatch(/It tried to reach a service outside the sandbox:\n/);
  expect(stderr).toMatch(address);
  expect(stderr).toContain(
    'hintproof sandboxes only its own environments ({fs}, {pg}, {sqlite}, HOME, TMPDIR)',
  );
  expect(stderr).toMatch(
    /--no-isolation to let it reach the real service; state outside the sandbox .* not observed/,
  );
  expect(stderr).not.toMatch(/internal error|please report/);
}

describe.runIf(isolated)('a service outside the sandbox is named', () => {
  it('at start-up: a server that exits when its Redis is refused', async () => {
    const result = await runCli(['check', '--', ...server('exit')], { timeoutMs: 60_000 });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/exited with code 1 before answering initialize/);
    expectNamed(result.stderr, /\n {2}127\.0\.0\.1:6379 \(refused; Redis's usual port\)\n/);
  });

  it('right after initialize: the closed connection is a start-up failure with the address, not an internal error', async () => {
    const result = await runCli(['check', '--', ...server('after-init')], { timeoutMs: 60_000 });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /exited with code 1 after answering initialize, while hintproof listed its tools/,
    );
    expectNamed(result.stderr, /127\.0\.0\.1:6379 \(refused/);
  });

  it('a server that retries until the start-up time-out', async () => {
    // Long enough for its first attempt on a loaded machine, where starting node in the sandbox alone can take
    // seconds (with 2 s, a loaded run saw no attempt and got the plain time-out message).
    const result = await runCli(['check', '--startup-timeout', '6', '--', ...server('retry')], {
      timeoutMs: 60_000,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/did not complete initialize within 6s/);
    expectNamed(result.stderr, /127\.0\.0\.1:6379 \(refused/);
  });

  it('a missing unix socket', async () => {
    const result = await runCli(['check', '--', ...server('exit', absentSocket)], { timeoutMs: 60_000 });
    expect(result.code).toBe(2);
    expectNamed(result.stderr, /\n {2}\/run\/hintproof-absent\/redis\.sock \(no such socket; Redis\)\n/);
  });

  it('a host socket named in the arguments stays outside: never shown in the sandbox, and named', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'hintproof-socket-'));
    const socket = join(directory, 'service.sock');
    let connections = 0;
    const listener = createServer((client) => {
      connections += 1;
      client.end();
    });
    await new Promise<void>((resolve) => listener.listen(socket, resolve));
    chmodSync(directory, 0o755);
    chmodSync(socket, 0o777);
    try {
      const result = await runCli(['check', '--', ...server('exit', socket)], { timeoutMs: 60_000 });
      expect(result.code).toBe(2);
      expectNamed(
        result.stderr,
        new RegExp(`\\n {2}${socket.replace(/[.]/g, '\\.')} \\(no such socket\\)\\n`),
      );
      expect(connections).toBe(0);
    } finally {
      listener.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("in a call's failure: the inconclusive verdict names the address and what to do", async () => {
    const result = await runCli(['check', '--runs', '2', '--seed', '1', '--', ...server('per-call')], {
      json: true,
      timeoutMs: 120_000,
    });
    expect(result.code).toBe(0);
    const verdict = result.report!.tools[0]!.verdicts.readOnlyHint;
    expect(verdict.status).toBe('inconclusive');
    if (verdict.status !== 'inconclusive') return;
    expect(verdict.reason).toMatch(
      /it tried to reach 127\.0\.0\.1:6379 \(refused; Redis's usual port\), outside the sandbox: hintproof sandboxes only its own environments/,
    );
    expect(result.stdout).toContain("it tried to reach 127.0.0.1:6379 (refused; Redis's usual port)");
  });
});

describe('without isolation', () => {
  it('the report says first that state outside the sandbox is not observed', async () => {
    // A socket path that exists nowhere: nothing on this machine is reached.
    const result = await runCli(
      ['check', '--no-isolation', '--runs', '2', '--seed', '1', '--', ...server('per-call', absentSocket)],
      { json: true, timeoutMs: 120_000 },
    );
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^⚠ Not isolated \(--no-isolation\)/);
    expect(lines[1]).toMatch(
      /^⚠ Unobserved: state outside the sandbox \(services the server connects to, .*your real HOME.*\) is not observed/,
    );
    expect(result.report!.settings.unobserved).toMatch(/^state outside the sandbox .* looks read-only$/);
    const verdict = result.report!.tools[0]!.verdicts.readOnlyHint;
    expect(verdict.status === 'inconclusive' && verdict.reason).toMatch(
      /it tried to reach \/run\/hintproof-absent\/redis\.sock \(no such socket; Redis\)/,
    );
  });
});
