import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../src/model/report.js';
import { connectService } from '../pgService.js';
import { repoRoot, runCli, statuses } from '../runCli.js';
import { hostile, ISOLATIONS } from './hostile.js';

/**
 * Issue 11, row 7, proved from outside: with `--pg-url` and a role that may create databases but is no
 * superuser (the README's advice for untrusted servers), a server that ends hintproof's sessions, makes
 * databases of its own and drops hintproof's template gets no internal error out of hintproof, leaves no
 * database behind, and each act has the verdict designed for it. Against the machine's PostgreSQL service,
 * with a role made (and dropped) here; isolated by each mechanism this machine has (both in CI). The gate
 * admits the server to its own database only, so everything here goes through that one connection.
 */
const role = `hintproof_row07_${randomBytes(3).toString('hex')}`;
const saboteur = hostile('row07-pg-saboteur.js');
const seed = join(repoRoot, 'test/fixtures/pg/reach.sql');

let admin: pg.Client;
beforeAll(async () => {
  admin = await connectService('The row-7 red-team tests');
  await admin.query(`create role ${role} login createdb nosuperuser nocreaterole`);
});
afterAll(async () => {
  if (admin === undefined) return;
  // Only a failing run leaves something: clear it, so the role can go.
  for (const name of await databasesOf(role)) await admin.query(`drop database "${name}" with (force)`);
  await admin.query(`drop role if exists ${role}`);
  await admin.end();
});

async function databasesOf(owner: string): Promise<string[]> {
  const { rows } = await admin.query<{ datname: string }>(
    'select datname from pg_database where datdba = (select oid from pg_roles where rolname = $1) order by 1',
    [owner],
  );
  return rows.map((row) => row.datname);
}

function reasonOf(report: Report, tool: string): string {
  const verdict = report.tools.find((t) => t.name === tool)?.verdicts.readOnlyHint;
  return verdict?.status === 'inconclusive' ? verdict.reason : `not inconclusive: ${verdict?.status}`;
}

describe.each(ISOLATIONS)(
  'row 7: a hostile server on a --pg-url role with CREATEDB ($label)',
  (isolation) => {
    it('never ends in an internal error, leaves no database, and judges each act as designed', async () => {
      const result = await runCli(
        [
          'check',
          '--seed',
          '1',
          '--runs',
          '3',
          '--pg',
          seed,
          // One tool at a time: end_sessions ends every session of its role, so tools checked beside it would
          // lose their runs too (inconclusive, never contradicted, but not the verdicts this test names).
          '--jobs',
          '1',
          '--pg-url',
          `postgres://${role}@127.0.0.1:5432/postgres`,
          ...isolation.args,
          '--',
          'node',
          saboteur,
          '{pg}',
        ],
        { json: true, env: isolation.env },
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(1);
      const report = result.report!;
      expect(report.settings.isolation).toBe(isolation.env.HINTPROOF_ISOLATION ?? 'none');
      const verdicts = statuses(report);
      // The honest read is judged as usual, whatever the other tools did to hintproof's connections.
      expect(verdicts.list_rows).toMatchObject({ readOnlyHint: 'consistent', openWorldHint: 'consistent' });
      // Ending hintproof's own session leaves the run unjudged, with the reason.
      expect(verdicts.end_sessions?.readOnlyHint).toBe('inconclusive');
      expect(reasonOf(report, 'end_sessions')).toMatch(
        /hintproof lost sight of the sandbox: hintproof's own connection to the run's database hintproof_\d+_[0-9a-f]+_run_\d+ was ended during the run/,
      );
      // A database of its own is a change of the cluster, on the call that made it.
      expect(verdicts.make_database?.readOnlyHint).toBe('contradicted');
      const made = report.tools.find((t) => t.name === 'make_database')!.verdicts.readOnlyHint;
      if (made.status !== 'contradicted') throw new Error('make_database should be contradicted');
      // Databases are cluster-wide: a replay's snapshot also sees those the tool's other sessions made meanwhile.
      const madeChanges = made.evidence.changes.map(
        (change) => `${change.kind} ${change.environment}:${change.entity}`,
      );
      expect(madeChanges.length).toBeGreaterThan(0);
      for (const change of madeChanges) expect(change).toMatch(/^add pg:\(database saboteur_[0-9a-f]{8}\)$/);
      // Dropping the template every run's database comes from leaves that run unjudged; later runs get a new one.
      expect(verdicts.drop_template?.readOnlyHint).toBe('inconclusive');
      expect(reasonOf(report, 'drop_template')).toMatch(
        /hintproof's own database hintproof_\d+_[0-9a-f]+_template(_\d+)? was dropped or renamed during the run/,
      );
      // Every database the server made is listed, and was dropped; none is left, none of hintproof's either.
      const created = report.createdDatabases ?? [];
      expect(created.length).toBeGreaterThan(0);
      for (const database of created) {
        expect(database.name).toMatch(/^saboteur_[0-9a-f]{8}$/);
        expect(database).toEqual({ name: database.name, dropped: true });
      }
      expect(result.stdout).toContain(
        `Databases the server made in the cluster, outside its sandbox (${created.length})`,
      );
      expect(await databasesOf(role)).toEqual([]);
    }, 600_000);
  },
);
