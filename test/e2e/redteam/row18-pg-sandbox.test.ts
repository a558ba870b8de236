import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../src/model/report.js';
import { connectService } from '../pgService.js';
import { repoRoot } from '../runCli.js';
import { checkHostile, ISOLATIONS, scratch } from './hostile.js';

/**
 * Issue 38, the embedded Postgres, proved from outside: a server that turns its database role against the
 * host (`COPY … TO PROGRAM`, `pg_read_file`, an untrusted extension, `ALTER ROLE … SUPERUSER`). By default
 * it connects as its database's owner, and each act is refused; with --pg-superuser each act stays inside
 * the cluster's own sandbox: the program runs there, and nothing of the host is written or read (a marker
 * in the host's /tmp, a root-only canary, the machine's own PostgreSQL at 127.0.0.1:5432 and its socket).
 * On each isolation mechanism this machine has (both in CI).
 */
const seed = join(repoRoot, 'test/fixtures/pg/reach.sql');
const tag = randomBytes(4).toString('hex');
const marker = `/tmp/hintproof-row18-marker-${tag}`;
const canary = `/tmp/hintproof-row18-canary-${tag}`;
const hostDatabase = `row18_x_${tag}`;
const cwd = scratch('row18');

let service: pg.Client;
beforeAll(async () => {
  service = await connectService('The row-18 red-team tests');
  writeFileSync(canary, 'canary\n', { mode: 0o600 });
  chmodSync(canary, 0o600);
});
afterAll(async () => {
  rmSync(marker, { force: true });
  rmSync(canary, { force: true });
  if (service === undefined) return;
  await service.query(`drop database if exists ${hostDatabase}`);
  await service.end();
});

/** What the host shows of the server's attempts: none of them may have reached it. */
async function hostState(): Promise<unknown> {
  const { rows } = await service.query<{ n: number }>(
    'select count(*)::int as n from pg_database where datname = $1',
    [hostDatabase],
  );
  const stat = statSync(canary);
  return {
    marker: existsSync(marker),
    canary: readFileSync(canary, 'utf8'),
    canaryMode: (stat.mode & 0o777).toString(8),
    canaryOwner: stat.uid,
    canaryModified: stat.mtimeMs,
    hostDatabase: rows[0]?.n,
  };
}

function calls(report: Report, tool: string): { total: number; errors: number; sample: string } {
  const found = report.tools.find((each) => each.name === tool);
  if (found === undefined) throw new Error(`no tool ${tool} in the report`);
  return { total: found.calls.total, errors: found.calls.errors, sample: found.sampleError ?? '' };
}

async function check(isolation: (typeof ISOLATIONS)[number], options: readonly string[]) {
  const before = await hostState();
  const result = await checkHostile('row18-pg-reach.js', {
    isolation,
    cwd: cwd(),
    runs: 1,
    seed: 1,
    json: true,
    options: ['--pg', seed, ...options],
    serverEnv: {
      ROW18_URL: '{pg}',
      ROW18_MARKER: marker,
      ROW18_CANARY: canary,
      ROW18_DATABASE: hostDatabase,
    },
  });
  expect(`${result.stdout}\n${result.stderr}`).not.toMatch(/internal error/i);
  expect(result.report).toBeDefined();
  expect(await hostState()).toEqual(before);
  expect(before).toMatchObject({ marker: false, canary: 'canary\n', canaryMode: '600', hostDatabase: 0 });
  return result.report!;
}

describe.each(ISOLATIONS)('row 18: a server reaching past its database ($label)', (isolation) => {
  const sandboxed = isolation.args.length === 0;

  it('connects as the owner of its database: every reach is refused, nothing of the host changes', async () => {
    const report = await check(isolation, []);
    expect(report.settings.postgres).toMatch(
      /^the server connects as hintproof_\d+_[0-9a-f]+_owner, the owner of its database \(no superuser\)/,
    );
    const refused = {
      copy_program: /permission denied to COPY to or from an external program/,
      read_server_file: /permission denied for function pg_read_file/,
      untrusted_extension: /permission denied to create extension "dblink"/,
      become_superuser: /permission denied to alter role/,
    };
    for (const [tool, message] of Object.entries(refused)) {
      const seen = calls(report, tool);
      expect(seen.total, tool).toBeGreaterThan(0);
      expect(seen.errors, tool).toBe(seen.total);
      expect(seen.sample, tool).toMatch(message);
    }
  }, 300_000);

  it.runIf(sandboxed)(
    'with --pg-superuser, runs the program inside the cluster sandbox, where the host is out of reach',
    async () => {
      const report = await check(isolation, ['--pg-superuser']);
      expect(report.settings.postgres).toBe(
        'the server connects as "postgres" (--pg-superuser); the embedded cluster runs in a sandbox of its own ' +
          '(no network, read-only host)',
      );
      // The program did run (it left its file in the cluster's data directory): only the host was out of reach.
      expect(calls(report, 'copy_program')).toMatchObject({ errors: 0 });
      expect(calls(report, 'read_server_file').sample).toMatch(
        new RegExp(`could not open file "${canary}" for reading: No such file or directory`),
      );
      expect(calls(report, 'untrusted_extension').sample).toMatch(/could not establish connection/);
      expect(calls(report, 'become_superuser')).toMatchObject({ errors: 0 });
    },
    300_000,
  );
});
