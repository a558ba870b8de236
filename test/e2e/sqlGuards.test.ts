import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtures, repoRoot, runCli, statuses } from './runCli.js';

const server = join(fixtures, 'keyword-guard.js');
const seed = (name: string) => join(repoRoot, 'test/fixtures/sql', name);

/**
 * keyword-guard keeps its SQL tool "read-only" by its words, as dbhub's read-only mode does: one statement,
 * starting with SELECT/WITH/EXPLAIN/SHOW/PRAGMA, no writing keyword in it. What still writes through it is a
 * call of the database's own function (`SELECT "bump"(1)`) and, on SQLite, a PRAGMA that persists in the
 * header: statements hintproof builds from what the seed holds.
 */
describe('writes a keyword guard lets through', () => {
  it(
    'a function of the Postgres schema that updates rows contradicts readOnlyHint',
    { timeout: 300_000 },
    async () => {
      const result = await runCli(
        [
        'check', '--seed', '1', '--runs', '12', '--tool', 'execute_sql', '--pg', seed('counters.pg.sql'),
        '--env', 'DATABASE_URL={pg}', '--', 'node', server,
      ], // prettier-ignore
        { json: true, timeoutMs: 300_000 },
      );
      expect(result.code, result.stderr).toBe(1);
      expect(statuses(result.report!).execute_sql?.readOnlyHint).toBe('contradicted');
      const evidence = JSON.stringify(result.report!.tools[0]!.verdicts.readOnlyHint);
      expect(evidence).toMatch(/SELECT \\"bump\\"\([12]\)/);
      expect(evidence).toMatch(/hits/);
    },
  );

  it('a PRAGMA that persists in a SQLite header contradicts readOnlyHint', { timeout: 300_000 }, async () => {
    const result = await runCli(
      [
        'check', '--seed', '1', '--runs', '20', '--sqlite', seed('counters.sqlite.sql'),
        '--', 'node', server, '{sqlite}',
      ], // prettier-ignore
      { json: true, timeoutMs: 300_000 },
    );
    expect(result.code, result.stderr).toBe(1);
    const verdicts = statuses(result.report!);
    expect(verdicts.execute_sql?.readOnlyHint).toBe('contradicted');
    expect(verdicts.list_tables?.readOnlyHint).toBe('consistent');
    const evidence = JSON.stringify(
      result.report!.tools.find((t) => t.name === 'execute_sql')!.verdicts.readOnlyHint,
    );
    expect(evidence).toMatch(/PRAGMA (user_version|application_id) = \d+/);
    expect(evidence).toMatch(/pragma\.(user_version|application_id)/);
  });
});
