import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtures, repoRoot, runCli, statuses } from './runCli.js';

const server = join(fixtures, 'sql-runner.js');
const seedOf = (scenario: string) => join(repoRoot, 'scenarios', scenario, 'seed.sql');
const successes = (tool: { calls: { total: number; errors: number } }) =>
  tool.calls.total - tool.calls.errors;

// sql-runner takes nothing but SQL text, with no examples and no config: every random string fails. These
// runs pass only when hintproof writes statements over the seed's own tables.
describe('SQL built from the sandbox schema (no config, no examples)', () => {
  it(
    'reaches every tool of a SQL server on the db-article seed, and catches the write tool that destroys',
    { timeout: 600_000 },
    async () => {
      const result = await runCli(
        [
          'check',
          '--seed',
          '1',
          '--runs',
          '10',
          '--pg',
          seedOf('db-article'),
          '--env',
          'DATABASE_URL={pg}',
          '--',
          'node',
          server,
        ],
        { json: true, timeoutMs: 600_000 },
      );
      expect(result.code, result.stderr).toBe(1);
      const report = result.report!;
      for (const tool of report.tools) expect(successes(tool), tool.name).toBeGreaterThan(0);
      expect(statuses(report).write_query?.destructiveHint).toBe('contradicted');
      expect(statuses(report).read_query?.readOnlyHint).toBe('consistent');
      const evidence = report.tools.find((t) => t.name === 'write_query')?.verdicts.destructiveHint;
      expect(JSON.stringify(evidence)).toMatch(
        /(UPDATE|DELETE) .*\\"(products|customers)\\" .*WHERE \\"id\\" = \d/,
      );
    },
  );

  it.each(['inventory', 'shared-room', 'upsert'])(
    'selects and writes real rows of the %s seed',
    async (scenario) => {
      const result = await runCli(
        [
        'check', '--seed', '2', '--runs', '5', '--tool', 'read_query', '--tool', 'write_query',
        '--pg', seedOf(scenario), '--env', 'DATABASE_URL={pg}', '--', 'node', server,
      ], // prettier-ignore
        { json: true },
      );
      expect(result.code === 0 || result.code === 1, result.stderr).toBe(true);
      for (const tool of result.report!.tools) expect(successes(tool), tool.name).toBeGreaterThan(0);
    },
  );

  it(
    'the real @modelcontextprotocol/server-postgres query tool gets successful selects',
    { timeout: 600_000 },
    async () => {
      const postgres = join(repoRoot, 'node_modules/@modelcontextprotocol/server-postgres/dist/index.js');
      const result = await runCli(
        ['check', '--seed', '4', '--runs', '8', '--pg', seedOf('inventory'), '--', 'node', postgres, '{pg}'],
        { json: true, timeoutMs: 600_000 },
      );
      expect(result.code, result.stderr).toBe(0);
      const query = result.report!.tools[0]!;
      // Random strings all fail; without SQL from the schema 2 of 16 calls succeeded on this seed.
      expect(successes(query)).toBeGreaterThanOrEqual(query.calls.total * 0.4);
    },
  );
});
