import { describe, expect, it } from 'vitest';
import { compareVerdicts, loadScenarios } from '../../scenarios/scenarios.js';
import type { Report } from '../../src/model/report.js';
import { runScenario } from './runCli.js';

const scenario = loadScenarios().find((s) => s.name === 'git-notes');
if (scenario === undefined) throw new Error('scenarios/git-notes is missing');

describe('the git-notes scenario: a repository compared by refs, index entries and objects', () => {
  it('every verdict matches expected.json at the default budget; evidence is by meaning', async () => {
    const result = await runScenario(scenario);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const report = result.report as Report;
    expect(compareVerdicts(scenario, report)).toEqual([]);
    for (const name of ['status', 'diff', 'add_note']) {
      const tool = report.tools.find((t) => t.name === name);
      expect(tool?.calls.total).toBeGreaterThan(tool?.calls.errors ?? 0);
    }
    expect(result.stdout).toMatch(
      /Observed on call 1:\n\s+add fs:\.git#index\/draft\.md \(staged 100644 [0-9a-f]{12}\)\n\s+add fs:\.git#objects \(\+1 object/,
    );
    expect(result.stdout).toMatch(
      /Observed: modify fs:\.git#refs\/heads\/main \([0-9a-f]{12} → [0-9a-f]{12}\) on call 1/,
    );
    // A history rewrite onto commits a fetch brought packed is a modify; sync's fast-forward onto packed commits
    // is an append (its destructiveHint is consistent, in expected.json).
    const restore = report.tools.find((t) => t.name === 'restore_archive')?.verdicts.destructiveHint;
    expect(
      restore?.status === 'contradicted' && restore.evidence.changes.map((change) => change.entity),
    ).toContain('.git#refs/heads/main');
    // git's state files are never evidence as files: the index, refs and objects are read by meaning.
    expect(result.stdout).not.toMatch(/fs:\.git\/(?:index|refs|objects|HEAD|COMMIT_EDITMSG)/);
  }, 900_000);
});
