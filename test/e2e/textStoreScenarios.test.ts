import { describe, expect, it } from 'vitest';
import { compareVerdicts, loadScenarios } from '../../scenarios/scenarios.js';
import type { Report } from '../../src/model/report.js';
import { runScenario } from './runCli.js';

const scenarios = loadScenarios().filter((scenario) => ['agenda-text', 'kv-log'].includes(scenario.name));

/** What each scenario's evidence must show: its file read by meaning, never compared as bytes. */
const EVIDENCE: Record<string, RegExp[]> = {
  'agenda-text': [
    /Observed: delete fs:agenda\.yaml#\[line \d+\] \(line removed: " {2}- .+"\) on call 1/,
    /Observed: modify fs:agenda\.yaml#\[line \d+\] \(" {2}- .+" → " {2}- .+ \(.+\)"\) on call 2/,
  ],
  'kv-log': [
    /Observed: modify fs:store\.log#\[key=\w+\]\/value \(".*" → ".*"\) on call 1/,
    /Observed: modify fs:store\.log#\[key=\w+\]\/hits \(\d+ → \d+\) on call 2/,
  ],
};

describe('text files by lines and key logs by last record (bundled scenarios)', () => {
  it('finds both scenarios', () => {
    expect(scenarios.map((scenario) => scenario.name)).toEqual(['agenda-text', 'kv-log']);
  });

  for (const scenario of scenarios) {
    it(`${scenario.name}: every lie contradicted, every honest claim kept, by meaning`, async () => {
      const result = await runScenario(scenario, { extra: ['--runs', '12'] });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(1);
      expect(compareVerdicts(scenario, result.report as Report)).toEqual([]);
      for (const pattern of EVIDENCE[scenario.name] ?? []) expect(result.stdout).toMatch(pattern);
      expect(result.stdout).not.toMatch(/compared as bytes/);
    }, 120_000);
  }
});
