import { spawn } from 'node:child_process';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkArguments, compareVerdicts, loadScenarios } from '../../scenarios/scenarios.js';
import { connectService, SERVICE } from './pgService.js';
import { bin, runCli } from './runCli.js';
const scenario = loadScenarios().find((s) => s.name === 'shared-room')!;
const args = checkArguments(scenario).slice(1);

let admin: pg.Client;
beforeAll(async () => {
  admin = await connectService('The url-provider tests');
});
afterAll(async () => {
  await admin?.end();
});

/** The owner roles hintproof made for servers (`hintproof_<pid>_<random>_owner`) still in the service. */
async function ownerRoles(prefix = 'hintproof_'): Promise<string[]> {
  const { rows } = await admin.query<{ rolname: string }>(
    "select rolname from pg_roles where starts_with(rolname, $1) and rolname like '%\\_owner' order by 1",
    [prefix],
  );
  return rows.map((row) => row.rolname);
}

async function hintproofDatabases(prefix = 'hintproof_'): Promise<string[]> {
  const { rows } = await admin.query<{ datname: string }>(
    'select datname from pg_database where starts_with(datname, $1) order by datname',
    [prefix],
  );
  return rows.map((row) => row.datname);
}

describe('the url provider, against the machine’s PostgreSQL service', () => {
  it('reaches the expected verdicts, leaves the URL’s database alone and drops every database it made', async () => {
    const before = await hintproofDatabases();
    const rolesBefore = await ownerRoles();
    const tablesBefore = (
      await admin.query("select count(*)::int as n from pg_tables where schemaname = 'public'")
    ).rows;
    const result = await runCli(['check', '--seed', '1', '--runs', '10', '--pg-url', SERVICE, ...args], {
      cwd: scenario.directory,
      json: true,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(compareVerdicts(scenario, result.report!)).toEqual([]);
    // A superuser URL: the server got a role of its own, the owner of its database, and it is gone.
    expect(result.report!.settings.postgres).toMatch(
      /^the server connects as hintproof_\d+_[0-9a-f]+_owner, the owner of its database \(no superuser\)$/,
    );
    expect((await ownerRoles()).filter((name) => !rolesBefore.includes(name))).toEqual([]);
    // Other hintproof runs may share the service: what matters is that this one left nothing of its own.
    const after = await hintproofDatabases();
    expect(after.filter((name) => !before.includes(name))).toEqual([]);
    const tablesAfter = (
      await admin.query("select count(*)::int as n from pg_tables where schemaname = 'public'")
    ).rows;
    expect(tablesAfter).toEqual(tablesBefore);
    // Ten runs per tool take about two minutes on a busy machine.
  }, 300_000);

  it('drops every database it made when interrupted with SIGINT midway', async () => {
    const child = spawn(process.execPath, [bin, 'check', '--seed', '2', '--pg-url', SERVICE, ...args], {
      cwd: scenario.directory,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.resume();
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const prefix = `hintproof_${child.pid}_`;
    // Midway: once a run's database exists next to the template.
    const deadline = Date.now() + 60_000;
    while ((await hintproofDatabases(prefix)).filter((name) => name.includes('_run_')).length < 2) {
      if (Date.now() > deadline) throw new Error(`no run database appeared within 60 s; stderr:\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toMatch(/interrupted \(SIGINT\)/);
    expect(await hintproofDatabases(prefix)).toEqual([]);
    expect(await ownerRoles(prefix)).toEqual([]);
  });
});
