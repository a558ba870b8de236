import { describe, expect, it } from 'vitest';
import { checkArguments, compareVerdicts, loadScenarios } from '../../scenarios/scenarios.js';
import { runCli } from './runCli.js';

const scenarios = loadScenarios().filter((scenario) => scenario.pg !== undefined);

// The default budget, with stateful runs, takes minutes per scenario on a busy machine.
describe('the Postgres scenarios, embedded provider, at the default budget', () => {
  it('finds four of them', () => {
    expect(scenarios.map((s) => s.name)).toEqual(['db-article', 'inventory', 'shared-room', 'upsert']);
  });

  for (const scenario of scenarios) {
    it(`${scenario.name}: every verdict matches expected.json`, async () => {
      const result = await runCli(['check', '--seed', '1', ...checkArguments(scenario).slice(1)], {
        cwd: scenario.directory,
        json: true,
      });
      expect(result.stderr).toBe('');
      const lies = Object.values(scenario.verdicts).some((v) => Object.values(v).includes('contradicted'));
      expect(result.code).toBe(lies ? 1 : 0);
      expect(compareVerdicts(scenario, result.report!)).toEqual([]);
      if (scenario.name === 'db-article') {
        // The article's case: the evidence names the row and each overwritten column, before → after.
        const verdict = result.report!.tools.find((t) => t.name === 'update_row_by_id')!.verdicts
          .destructiveHint;
        if (verdict.status !== 'contradicted') throw new Error('update_row_by_id should be contradicted');
        const change = verdict.evidence.changes[0]!;
        expect(change).toMatchObject({ kind: 'modify', environment: 'pg' });
        expect(change.entity).toMatch(/^public\.(products|customers)\(id=\d\)$/);
        expect(change.detail).toMatch(/^\w+: .+ → .+/);
        expect(result.stdout).toMatch(/Observed: modify pg:public\.\w+\(id=\d\) \(\w+: .* → .*\) on call 1/);
        expect(result.stdout).toMatch(
          /Reproduce with: hintproof check --pg \S*seed\.sql --env '?DATABASE_URL=\{pg\}'? --tool update_row_by_id --seed 1 --path [\d:/sk.]+ -- node \S*server\.js/,
        );
      }
    }, 300_000);
  }
});
