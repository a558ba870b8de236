import { describe, expect, it } from 'vitest';
import { compareVerdicts, loadScenarios } from '../../scenarios/scenarios.js';
import type { Report } from '../../src/model/report.js';
import { runScenario } from './runCli.js';

const scenarios = loadScenarios().filter((scenario) => scenario.sqlite !== undefined);

/** Every change the report shows anywhere: evidence of contradictions, with their preambles. */
function evidenceChanges(
  report: Report,
): { kind: string; environment: string; entity: string; detail: string }[] {
  return report.tools.flatMap((tool) =>
    Object.values(tool.verdicts).flatMap((verdict) =>
      'evidence' in verdict && verdict.evidence !== undefined
        ? [...verdict.evidence.changes, ...(verdict.evidence.preamble ?? []).flatMap((step) => step.changes)]
        : [],
    ),
  );
}

describe('the SQLite scenarios (WAL and rollback journal) at the default budget', () => {
  it('finds both journal modes', () => {
    expect(scenarios.map((s) => s.name)).toEqual(['todos-sqlite', 'todos-sqlite-rollback']);
  });

  for (const scenario of scenarios) {
    it(`${scenario.name}: every verdict matches expected.json, with rows as evidence`, async () => {
      const result = await runScenario(scenario);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(1);
      const report = result.report as Report;
      expect(compareVerdicts(scenario, report)).toEqual([]);
      const changes = evidenceChanges(report);
      // The database is compared by meaning: never its file, its -wal, -shm or -journal.
      expect(changes.filter((change) => change.environment === 'fs')).toEqual([]);
      expect(result.stdout).toMatch(
        /Observed: modify sqlite:seed\.db#stats\(name="views"\) \(value: 0 → 1\) on call 1/,
      );
      expect(result.stdout).toMatch(
        /Observed: modify sqlite:seed\.db#todos\(id=\d+\) \(done: 0 → 1\) on call 1/,
      );
      expect(result.stdout).toMatch(
        /Observed: modify sqlite:seed\.db#todos\(id=\d+\) \(title: ".*#1" → ".*#2"\) on call 2/,
      );
    }, 900_000);
  }
});
