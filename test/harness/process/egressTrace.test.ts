import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createEgressReader,
  detectIsolation,
  egressTraceAvailable,
  isolatedSpawn,
  parseTraceLine,
  prepareLayout,
  serverEnvironment,
  spawnServer,
  tracedSpawn,
} from '../../../harness/process/index.js';

// The fixtures live in the repository, which may itself lie under a directory the sandbox hides (/tmp).
const repoRoot = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');
const work = mkdtempSync(join(tmpdir(), 'hintproof-egress-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('parseTraceLine', () => {
  it('reads connect and bind lines as strace writes them, IPv4 and IPv6', () => {
    expect(
      parseTraceLine(
        '27443 connect(19, {sa_family=AF_INET, sin_port=htons(443), sin_addr=inet_addr("93.184.216.34")}, 16) = -1 ENETUNREACH (Network is unreachable)',
      ),
    ).toEqual({ syscall: 'connect', address: '93.184.216.34', port: 443, result: 'ENETUNREACH' });
    expect(
      parseTraceLine(
        '12 connect(3, {sa_family=AF_INET6, sin6_port=htons(80), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "2606:2800::1", &sin6_addr), sin6_scope_id=0}, 28) = -1 EINPROGRESS (Operation now in progress)',
      ),
    ).toEqual({ syscall: 'connect', address: '2606:2800::1', port: 80, result: 'EINPROGRESS' });
    expect(
      parseTraceLine(
        '5 bind(7, {sa_family=AF_INET, sin_port=htons(47011), sin_addr=inet_addr("127.0.0.1")}, 16) = 0',
      ),
    ).toEqual({
      syscall: 'bind',
      address: '127.0.0.1',
      port: 47011,
      result: 'connected',
    });
    expect(
      parseTraceLine('5 connect(7, {sa_family=AF_UNIX, sun_path="/run/x.sock"}, 110) = 0'),
    ).toBeUndefined();
  });

  it('reads only whole lines, once each, and skips loopback ports bound inside the sandbox', async () => {
    const log = join(work, 'fake.log');
    writeFileSync(
      log,
      '1 bind(3, {sa_family=AF_INET, sin_port=htons(8080), sin_addr=inet_addr("0.0.0.0")}, 16) = 0\n',
    );
    const reader = createEgressReader(log);
    expect(await reader.read()).toEqual([]);
    writeFileSync(
      log,
      [
        '1 bind(3, {sa_family=AF_INET, sin_port=htons(8080), sin_addr=inet_addr("0.0.0.0")}, 16) = 0',
        '2 connect(4, {sa_family=AF_INET, sin_port=htons(8080), sin_addr=inet_addr("127.0.0.1")}, 16) = -1 EINPROGRESS',
        '2 connect(5, {sa_family=AF_INET, sin_port=htons(6379), sin_addr=inet_addr("127.0.0.1")}, 16) = -1 EINPROGRESS',
        '2 connect(6, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("10.0.0.53")}, 16) = -1 ENETUNREACH',
        '2 connect(7, {sa_family=AF_INET, sin_port=htons(443), sin_addr=inet_addr("1.2.3.4")}, 16) = -1 ENETUNR',
      ].join('\n'),
    );
    expect(await reader.read()).toEqual([
      { kind: 'connect', destination: '127.0.0.1:6379', result: 'EINPROGRESS' },
      { kind: 'dns', destination: '10.0.0.53:53', result: 'ENETUNREACH' },
    ]);
  });
});

const mechanisms = (['bubblewrap', 'unshare'] as const).filter(
  (kind) => detectIsolation(kind).kind === kind && egressTraceAvailable(),
);

describe.each(mechanisms)('egress of a server isolated by %s', (kind) => {
  it('sees the look-up, the public address and the host loopback port, and not the server talking to itself', async () => {
    const runDirectory = join(work, `${kind}-run-0`);
    mkdirSync(join(runDirectory, 'fs'), { recursive: true });
    await prepareLayout(runDirectory);
    const log = join(work, `${kind}-run-0.egress.log`);
    const fixture = new URL('../../fixtures/servers/egress.js', import.meta.url).pathname;
    const server = await spawnServer(
      tracedSpawn(
        isolatedSpawn(
          {
            command: process.execPath,
            args: [fixture],
            cwd: join(runDirectory, 'fs'),
            env: serverEnvironment(process.env, {}),
          },
          { runDirectory, readOnly: [repoRoot] },
          kind,
        ),
        log,
      ),
    );
    let output = '';
    for await (const chunk of server.stdout) output += String(chunk);
    await server.exited;
    expect(output).toBe('done\n');
    const attempts = await createEgressReader(log).read();
    const destinations = attempts.map((attempt) => `${attempt.kind} ${attempt.destination}`);
    expect(destinations).toContain('connect 93.184.216.34:443');
    expect(destinations).toContain('connect 127.0.0.1:5432');
    expect(destinations.some((d) => d.startsWith('dns '))).toBe(true);
    expect(destinations.some((d) => d.endsWith(':47011'))).toBe(false);
  });
});
