import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  detectIsolation,
  isolatedSpawn,
  prepareLayout,
  releaseLayout,
} from '../../../harness/process/isolation.js';
import type { SandboxLayout } from '../../../harness/process/isolation.js';
import { findPerl } from '../../../harness/process/sandboxExec.js';
import { serverEnvironment, spawnServer } from '../../../harness/process/index.js';

/** Every mechanism, tested alike where this machine offers it (unshare needs root). */
const mechanisms = (['bubblewrap', 'unshare'] as const).map((kind) => {
  const found = detectIsolation(kind);
  return { kind, available: found.kind === kind, reason: found.reason };
});
const hostile = new URL('../../fixtures/servers/hostile.js', import.meta.url).pathname;
const forker = new URL('../../fixtures/servers/forker.js', import.meta.url).pathname;
const wasmMemory = new URL('../../fixtures/servers/wasm-memory.js', import.meta.url).pathname;
// The fixtures live in the repository, which may itself lie under a directory the sandbox hides (/tmp).
const repoRoot = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');
const work = mkdtempSync(join(tmpdir(), 'hintproof-isolation-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

describe.each(mechanisms.filter((m) => m.available))(
  '$kind containment (proved from outside)',
  ({ kind }) => {
    let runs = 0;
    /** A fresh run directory, prepared as a session prepares it. */
    const runDirectory = async () => {
      const directory = join(work, `${kind}-run-${runs++}`);
      mkdirSync(join(directory, 'fs'), { recursive: true });
      await prepareLayout(directory);
      return directory;
    };
    const start = async (
      directory: string,
      command: string,
      args: string[],
      layout: Partial<SandboxLayout> = {},
    ) =>
      spawnServer(
        isolatedSpawn(
          { command, args, cwd: join(directory, 'fs'), env: serverEnvironment(process.env, {}) },
          { runDirectory: directory, readOnly: [repoRoot], ...layout },
          kind,
        ),
      );

    it('hides secrets and HOME, keeps writes in the sandbox, and blocks the host loopback', async () => {
      const secret = `hintproof-secret-${randomUUID()}`;
      process.env.HINTPROOF_CONTAINMENT_SECRET = secret;
      const homeFile = join(homedir(), `.hintproof-containment-${randomUUID()}`);
      writeFileSync(homeFile, secret);
      const outside = join(tmpdir(), `hintproof-escape-${randomUUID()}`);
      let connections = 0;
      const listener = createServer((socket) => {
        connections++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      const port = (listener.address() as AddressInfo).port;
      const directory = await runDirectory();
      try {
        const server = await start(directory, process.execPath, [hostile, homeFile, outside, String(port)]);
        const output = await readAll(server.stdout);
        await server.exited;
        await releaseLayout(directory);
        const seen = JSON.parse(output) as Record<string, { ok: boolean } & Record<string, unknown>>;
        // Nothing of the secret reached the server, by any path.
        expect(output).not.toContain(secret);
        expect(seen.home?.ok).toBe(false);
        expect(seen.env?.HOME).toBe(join(directory, 'home'));
        expect(seen.env?.TMPDIR).toBe(join(directory, 'tmp'));
        // Writes outside the sandbox land nowhere on the host; writes inside do.
        expect(existsSync(outside)).toBe(false);
        expect(seen.writeShm?.ok).toBe(false);
        expect(existsSync('/dev/shm/hintproof-escape')).toBe(false);
        expect(seen.writeSandbox?.ok).toBe(true);
        expect(existsSync(join(directory, 'fs', 'inside.txt'))).toBe(true);
        // The host's loopback is another network: the listener got nothing, and neither the host's database
        // port nor its socket directory (hidden with /run) can be reached.
        expect(seen.connect?.ok).toBe(false);
        expect(connections).toBe(0);
        expect(seen.hostPostgres?.ok).toBe(false);
        expect(seen.hostPostgresSocket?.ok).toBe(false);
        // Nothing is left beside the run directory once the server is gone.
        expect(readdirSync(work).filter((name) => name.startsWith(`${kind}-run-0.`))).toEqual([]);
      } finally {
        delete process.env.HINTPROOF_CONTAINMENT_SECRET;
        rmSync(homeFile, { force: true });
        rmSync(outside, { force: true });
        listener.close();
      }
    });

    it('limits file size and processes', async () => {
      // The process limit counts the user's processes host-wide: a user of its own keeps the sandboxes of
      // tests running alongside out of the count.
      const uid = kind === 'bubblewrap' ? 64_001 : 64_002;
      const directory = join(work, `${kind}-limits`);
      mkdirSync(join(directory, 'fs'), { recursive: true });
      await prepareLayout(directory, uid);
      const run = async (command: string, args: string[]) => {
        const server = await start(directory, command, args, {
          uid,
          limits: { fileSizeBytes: 1_000_000, processes: 40, dataBytes: 2 * 1024 ** 3 },
        });
        const output = await readAll(server.stdout);
        await server.kill();
        return output;
      };
      expect(await run('sh', ['-c', 'head -c 3000000 /dev/zero > big.bin; stat -c %s big.bin'])).toBe(
        '1000000\n',
      );
      // Memory is bounded by data, not address space: WebAssembly's reservations fit, real use past 2 GiB does not.
      const memory = await run(process.execPath, [wasmMemory, 'grow']);
      expect(memory).toMatch(/^wasm ok 4\n/);
      expect(memory).toMatch(/grow refused after \d+ MB/);
      const forks = /started (\d+) refused (\d+)/.exec(await run(process.execPath, [forker]));
      expect(Number(forks?.[1])).toBeGreaterThan(0);
      expect(Number(forks?.[2])).toBeGreaterThan(0);
    });

    it('relays a loopback port to a unix socket mounted in, and ends as the server ends', async () => {
      const directory = await runDirectory();
      const gate = join(work, `${kind}-gate`);
      mkdirSync(gate, { recursive: true });
      chmodSync(gate, 0o755);
      const socket = join(gate, 'echo.sock');
      const echo = createServer((connection) => connection.pipe(connection));
      await new Promise<void>((resolve) => echo.listen(socket, resolve));
      chmodSync(socket, 0o777);
      const client =
        "const s = require('node:net').connect(15432, '127.0.0.1', () => s.end('ping'));" +
        "s.on('data', (d) => process.stdout.write(String(d))); s.on('close', () => process.exit(3));";
      try {
        const server = await start(directory, process.execPath, ['-e', client], {
          mounts: [{ host: gate, inside: '/run/hintproof-test', service: true }],
          relays: [{ port: 15432, socket: '/run/hintproof-test/echo.sock' }],
        });
        expect(await readAll(server.stdout)).toBe('ping');
        expect(await server.exited).toEqual({ code: 3, signal: null });
        // A server killed by a signal is reported killed by that signal.
        const sleeper = await start(directory, 'sleep', ['30'], {
          relays: [{ port: 15432, socket: '/run/hintproof-test/echo.sock' }],
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sleeper.kill();
        expect(sleeper.exitStatus()).not.toEqual({ code: 0, signal: null });
        const left = spawnSync('pgrep', ['-f', '^sleep 30$'], { encoding: 'utf8' }).stdout.trim();
        expect(left).toBe('');
      } finally {
        echo.close();
      }
    });
  },
);

describe.each(mechanisms.filter((m) => !m.available))('without $kind', ({ kind, reason }) => {
  it('says why (and fails where isolation is required, as in CI)', () => {
    console.log(`${kind} isolation tests skipped: ${reason}`);
    expect(reason).toMatch(/bubblewrap|unshare|Linux|root|perl/);
    // CI runs as root with bubblewrap installed: both mechanisms must be tested there.
    const required = process.env.HINTPROOF_REQUIRE_ISOLATION !== undefined && process.getuid?.() === 0;
    expect(required, `HINTPROOF_REQUIRE_ISOLATION is set but ${kind} is unusable: ${reason}`).toBe(false);
  });
});

describe('the perl the sandbox launcher needs', () => {
  it('is looked for in /usr/bin, then /bin', () => {
    const asked: string[] = [];
    const none = (path: string): boolean => (asked.push(path), false);
    expect(findPerl(none)).toBeUndefined();
    expect(asked).toEqual(['/usr/bin/perl', '/bin/perl']);
    expect(findPerl((path) => path === '/bin/perl')).toBe('/bin/perl');
    expect(findPerl()).toBe(existsSync('/usr/bin/perl') ? '/usr/bin/perl' : '/bin/perl');
  });

  it.runIf(process.platform === 'linux')('without it there is no isolation, and the reason says so', () => {
    for (const prefer of [undefined, 'bubblewrap', 'unshare'] as const) {
      expect(detectIsolation(prefer, () => undefined)).toEqual({
        kind: 'none',
        reason: 'perl is needed by the sandbox launcher: install perl-base',
      });
      // With perl found, the mechanism probed as before (cached per preference), not the perl verdict.
      expect(detectIsolation(prefer, () => '/usr/bin/perl')).toEqual(detectIsolation(prefer));
      expect(detectIsolation(prefer, () => '/usr/bin/perl').reason ?? '').not.toMatch(/perl/);
    }
  });
});
