import { describe, expect, it } from 'vitest';
import { compareVerdicts, loadScenarios } from '../../scenarios/scenarios.js';
import type { Report } from '../../src/model/report.js';
import { runCli, runScenario } from './runCli.js';

const scenario = loadScenarios().find((s) => s.name === 'home-notes');
if (scenario === undefined) throw new Error('scenarios/home-notes is missing');

describe('the home-notes scenario: the server writes to its private HOME', () => {
  for (const isolated of [true, false]) {
    it(`${isolated ? 'isolated' : 'not isolated'}: read-only tools that write to HOME are contradicted, caches are not`, async () => {
      const result = await runScenario(scenario, { extra: isolated ? [] : ['--no-isolation'] });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(1);
      const report = result.report as Report;
      expect(report.settings.isolation === 'none').toBe(!isolated);
      expect(compareVerdicts(scenario, report)).toEqual([]);
      expect(result.stdout).toMatch(
        /Observed: add home:\.notes-app\/history\.log \(file, \d+ bytes\) on call 1/,
      );
      expect(result.stdout).toMatch(
        /Observed: modify home:\.notes-app\/config\.json#\/uses \(0 → 1\) on call 1/,
      );
      expect(result.stdout).toMatch(
        /Reproduce with: hintproof check --fs \S*home-notes\/seed --home \S*home-notes\/home .*--tool read_note /,
      );
    }, 900_000);
  }

  it('refuses --env HOME outside the sandbox, and says what to use instead', async () => {
    const result = await runCli(['check', '--env', 'HOME=/root', '--', 'node', 'server.js', '{fs}'], {
      cwd: scenario.directory,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--env HOME=\/root: HOME must lie inside the sandbox/);
    expect(result.stderr).toMatch(/--env HOME=\{fs\}\/\.home/);
  });

  it('gives the server the HOME asked for inside the sandbox, and observes it there', async () => {
    const result = await runCli(
      [
        'check',
        '--seed',
        '1',
        '--tool',
        'read_note',
        '--fs',
        'seed',
        '--env',
        'HOME={fs}/.home',
        '--',
        'node',
        'server.js',
        '{fs}',
      ],
      { cwd: scenario.directory, json: true, timeoutMs: 850_000 },
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/add fs:\.home\/\.notes-app\/history\.log \(file, \d+ bytes\)/);
  }, 900_000);
});
