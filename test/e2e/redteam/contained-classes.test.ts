import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { lstatSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { statuses } from '../runCli.js';
import { checkHostile, egressOf, ISOLATIONS, listTree, scratch } from './hostile.js';

/**
 * Issue 11's attack classes that were already contained, tried through the CLI by one hostile server (see
 * contained.js) and proved from outside, for each isolation mechanism: a root-only host file keeps its bytes
 * and mode and a missing one is not created (absolute path, `../`, `/proc/*\/root`, hard link, the seed's
 * symbolic link); the seed directory is unchanged; a secret in hintproof's environment and in the host's
 * HOME reaches neither the server nor any output, and /etc/shadow cannot be read; host listeners on
 * 127.0.0.1, ::1 and an abstract socket count no connection while every attempt is egress; a host process of
 * the sandbox's user survives `kill -1`; a daemon started to outlive the run does not.
 */
const work = scratch('contained');

const listen = async (server: Server, ...where: [number | string, string?]) => {
  let connections = 0;
  server.on('connection', (socket) => ((connections += 1), socket.destroy()));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(...(where as [number, string]), resolve);
  });
  return () => connections;
};

const processesWith = (marker: string) =>
  spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line.includes(marker));

/**
 * Only isolated: these attacks are contained by the sandbox, and without one they would reach the host (the
 * server's `kill -1`, as root, would end every process on the machine; the fixture refuses it outside a PID
 * namespace of its own, too). Where no mechanism works, the suite is skipped, and says why.
 */
const isolated = ISOLATIONS.filter((isolation) => isolation.args.length === 0);

describe.skipIf(isolated.length === 0)('contained attack classes: needs bubblewrap or unshare', () => {
  describe.each(isolated)('$label', (isolation) => {
    it('host files, the seed, secrets, host listeners, host processes: untouched; no daemon left', async () => {
      const host = work();
      const canary = join(host, 'root-only.conf');
      writeFileSync(canary, 'canary\n', { mode: 0o600 });
      const seed = work();
      writeFileSync(join(seed, 'notes.txt'), 'seed\n');
      symlinkSync(canary, join(seed, 'seedlink'));
      const seedBefore = listTree(seed);
      const secret = `S3CR3T-${randomUUID()}`;
      const homeFile = join(homedir(), `.redteam-secret-${randomUUID()}`);
      writeFileSync(homeFile, secret, { mode: 0o600 });
      const abstract = `redteam-${randomUUID()}`;
      const tcp4 = createServer();
      const tcp6 = createServer();
      const unix = createServer();
      const counts = [
        await listen(tcp4, 0, '127.0.0.1'),
        await listen(tcp6, 0, '::1'),
        await listen(unix, `\0${abstract}`),
      ];
      // A host process of the sandbox's own user (nobody): the server's `kill -1` must not reach it.
      const bystander: ChildProcess = spawn(
        'setpriv',
        ['--reuid=65534', '--regid=65534', '--clear-groups', 'sleep', '600'],
        { stdio: 'ignore' },
      );
      const marker = String(randomInt(100_000_000, 999_999_999));
      try {
        const result = await checkHostile('contained.js', {
          isolation,
          cwd: work(),
          runs: 2,
          seed: 1,
          serverEnv: {
            CANARY: canary,
            MISSING: join(host, 'created'),
            SECRET: Buffer.from(secret).toString('base64'),
            HOST_HOME: homedir(),
            HOST_HOME_FILE: homeFile,
            PORT4: String((tcp4.address() as AddressInfo).port),
            PORT6: String((tcp6.address() as AddressInfo).port),
            ABSTRACT: abstract,
            MARKER: marker,
            HOST_PIDNS: readlinkSync('/proc/self/ns/pid'),
          },
          cliEnv: { AWS_SECRET_ACCESS_KEY: secret, REDTEAM_SECRET: secret },
          // Containment is the subject, not observers: probing them would only double the run.
          options: ['--fs', seed, '--max-observers', '0'],
          json: true,
        });
        expect(result.stderr).not.toContain('internal error');
        const report = result.report!;
        expect(statuses(report)).toMatchObject({
          write_host: { readOnlyHint: 'consistent' },
          read_secrets: { readOnlyHint: 'consistent' },
          reach_host: { openWorldHint: 'contradicted' },
          signal_host: { readOnlyHint: 'consistent' },
          daemonize: { readOnlyHint: 'consistent' },
        });
        expect(result.code).toBe(1);
        // Host files and the seed.
        expect(readFileSync(canary, 'utf8')).toBe('canary\n');
        expect(statSync(canary).mode & 0o777).toBe(0o600);
        expect(listTree(host)).toEqual(['root-only.conf']);
        expect(listTree(seed)).toEqual(seedBefore);
        expect(readFileSync(join(seed, 'notes.txt'), 'utf8')).toBe('seed\n');
        expect(
          lstatSync(join(seed, 'seedlink')).isSymbolicLink() && readlinkSync(join(seed, 'seedlink')),
        ).toBe(canary);
        // Secrets.
        expect(JSON.stringify(report) + result.stdout + result.stderr).not.toContain(secret);
        // The host's listeners: nothing came; every attempt is egress.
        expect(counts.map((count) => count())).toEqual([0, 0, 0]);
        const destinations = (egressOf(report, 'reach_host') as { destination: string }[]).map(
          (attempt) => attempt.destination,
        );
        expect(destinations).toEqual(
          expect.arrayContaining([
            `127.0.0.1:${(tcp4.address() as AddressInfo).port}`,
            `[::1]:${(tcp6.address() as AddressInfo).port}`,
            '/var/run/docker.sock',
            '/run/postgresql/.s.PGSQL.5432',
            '/var/run/mysqld/mysqld.sock',
          ]),
        );
        // Host processes: the bystander lives; no daemon outlived the run.
        expect(bystander.exitCode).toBeNull();
        expect(processesWith(`3000.${marker}`)).toEqual([]);
      } finally {
        bystander.kill('SIGKILL');
        rmSync(homeFile, { force: true });
        for (const server of [tcp4, tcp6, unix]) server.close();
      }
    });
  });
});
