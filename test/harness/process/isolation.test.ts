import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectIsolation, isolatedSpawn, prepareLayout } from '../../../harness/process/isolation.js';
import { serverEnvironment, spawnServer } from '../../../harness/process/index.js';

const isolation = detectIsolation();
const hostile = new URL('../../fixtures/servers/hostile.js', import.meta.url).pathname;
const forker = new URL('../../fixtures/servers/forker.js', import.meta.url).pathname;
// The fixtures live in the repository, which may itself lie under a directory the sandbox hides (/tmp).
const repoRoot = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');
const work = mkdtempSync(join(tmpdir(), 'hintproof-isolation-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

describe.runIf(isolation.kind === 'bubblewrap')('bubblewrap containment (proved from outside)', () => {
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
    const runDirectory = join(work, 'run-0');
    mkdirSync(join(runDirectory, 'fs'), { recursive: true });
    try {
      await prepareLayout(runDirectory);
      const server = await spawnServer(
        isolatedSpawn(
          {
            command: process.execPath,
            args: [hostile, homeFile, outside, String(port)],
            cwd: join(runDirectory, 'fs'),
            env: serverEnvironment(process.env, {}),
          },
          { runDirectory, readOnly: [repoRoot] },
        ),
      );
      const output = await readAll(server.stdout);
      await server.exited;
      const seen = JSON.parse(output) as Record<string, { ok: boolean } & Record<string, unknown>>;
      // Nothing of the secret reached the server, by any path.
      expect(output).not.toContain(secret);
      expect(seen.home?.ok).toBe(false);
      expect(seen.env?.HOME).toBe(join(runDirectory, 'home'));
      expect(seen.env?.TMPDIR).toBe(join(runDirectory, 'tmp'));
      // Writes outside the sandbox land nowhere on the host; writes inside do.
      expect(existsSync(outside)).toBe(false);
      expect(seen.writeSandbox?.ok).toBe(true);
      expect(existsSync(join(runDirectory, 'fs', 'inside.txt'))).toBe(true);
      // The host's loopback is another network: the listener got nothing.
      expect(seen.connect?.ok).toBe(false);
      expect(connections).toBe(0);
    } finally {
      delete process.env.HINTPROOF_CONTAINMENT_SECRET;
      rmSync(homeFile, { force: true });
      rmSync(outside, { force: true });
      listener.close();
    }
  });

  it('limits file size and processes', async () => {
    const runDirectory = join(work, 'run-1');
    mkdirSync(join(runDirectory, 'fs'), { recursive: true });
    await prepareLayout(runDirectory);
    const run = async (command: string, args: string[]) => {
      const server = await spawnServer(
        isolatedSpawn(
          { command, args, cwd: join(runDirectory, 'fs'), env: serverEnvironment(process.env, {}) },
          {
            runDirectory,
            readOnly: [repoRoot],
            limits: { fileSizeBytes: 1_000_000, processes: 40, addressSpaceBytes: 8 * 1024 ** 3 },
          },
        ),
      );
      const output = await readAll(server.stdout);
      await server.kill();
      return output;
    };
    expect(await run('sh', ['-c', 'head -c 3000000 /dev/zero > big.bin; stat -c %s big.bin'])).toBe(
      '1000000\n',
    );
    const forks = /started (\d+) refused (\d+)/.exec(await run(process.execPath, [forker]));
    expect(Number(forks?.[1])).toBeGreaterThan(0);
    expect(Number(forks?.[2])).toBeGreaterThan(0);
  });
});

describe.runIf(isolation.kind === 'none')('without bubblewrap', () => {
  it('says why there is no isolation (and fails where isolation is required, as in CI)', () => {
    console.log(`isolation tests skipped: ${isolation.reason}`);
    expect(isolation.reason).toMatch(/bubblewrap|Linux/);
    expect(
      process.env.HINTPROOF_REQUIRE_ISOLATION,
      'HINTPROOF_REQUIRE_ISOLATION is set but bubblewrap is unusable',
    ).toBeUndefined();
  });
});
