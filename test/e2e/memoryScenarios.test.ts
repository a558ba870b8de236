import { describe, expect, it } from 'vitest';
import { compareVerdicts, loadScenarios } from '../../scenarios/scenarios.js';
import type { Report } from '../../src/model/report.js';
import { runScenario } from './runCli.js';

// State only in process memory: no sandbox environment ever changes, and the lies show only through the
// server's own read (the tool list_items, or the resource memo://items) read around every call.
const observerOf: Record<string, string> = { memory: 'list_items', 'memory-resource': 'memo://items' };
const scenarios = loadScenarios().filter((scenario) => scenario.name in observerOf);

describe('state kept in process memory, seen through observers', () => {
  it('finds both scenarios', () => {
    expect(scenarios.map((s) => s.name)).toEqual(['memory', 'memory-resource']);
  });

  for (const scenario of scenarios) {
    it(`${scenario.name}: every verdict matches expected.json, with observed changes as evidence`, async () => {
      const result = await runScenario(scenario);
      const report = result.report as Report;
      expect(compareVerdicts(scenario, report), result.stdout).toEqual([]);
      expect(result.code).toBe(1);
      const observer = observerOf[scenario.name] ?? '';
      // A server that lists resources has its listing observed too (memo://items is always listed).
      const listing =
        scenario.name === 'memory-resource' ? [{ name: 'resources/list', kind: 'listing' }] : [];
      expect(report.observers?.used).toEqual([...listing, expect.objectContaining({ name: observer })]);
      expect(report.blind).toBeUndefined();
      const get = report.tools.find((tool) => tool.name === 'get_item')?.verdicts.readOnlyHint;
      const changes = get?.status === 'contradicted' ? get.evidence.changes : [];
      expect(changes.map((change) => [change.kind, change.environment])).toEqual([['modify', 'observed']]);
      expect(changes[0]?.entity.startsWith(`${observer}#`) && changes[0].entity.endsWith('views')).toBe(true);
    });
  }
});
