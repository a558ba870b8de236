import { describe, expect, it } from 'vitest';
import { checkArguments, compareVerdicts, loadScenarios } from '../../scenarios/scenarios.js';
import { HINT_NAMES } from '../../src/model/hints.js';
import type { Report } from '../../src/model/report.js';
import { runCli } from './runCli.js';

const scenario = loadScenarios().find((s) => s.name === 'notes')!;
const args = checkArguments(scenario);

describe('the notes scenario, at the default budget', () => {
  let report: Report;
  let stdout = '';

  it('finds every planted lie and nothing else (exit 1)', async () => {
    const result = await runCli(['check', '--seed', '1', ...args.slice(1)], {
      cwd: scenario.directory,
      json: true,
      timeoutMs: 600_000,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    report = result.report!;
    stdout = result.stdout;
    expect(compareVerdicts(scenario, report)).toEqual([]);
  }, 600_000);

  it('writes the JSON report in the shape of the contract', () => {
    expect(Object.keys(report).slice(0, 3)).toEqual(['hintproof', 'server', 'settings']);
    expect(report.server).toEqual({ name: 'notes-scenario', version: '1.0.0' });
    expect(report.settings).toMatchObject({ runs: 25, seed: 1 });
    for (const tool of report.tools) {
      expect(Object.keys(tool).slice(0, 6)).toEqual([
        'name',
        'declared',
        'effective',
        'calls',
        'verdicts',
        'suggested',
      ]);
      expect(Object.keys(tool.verdicts)).toEqual([...HINT_NAMES]);
      expect(Object.keys(tool.effective).sort()).toEqual([...HINT_NAMES].sort());
      expect(tool.calls.total).toBeGreaterThanOrEqual(2 * 25 - 2);
    }
    const readNote = report.tools.find((tool) => tool.name === 'read_note')!;
    expect(readNote.declared).toEqual({ readOnlyHint: true });
    const verdict = readNote.verdicts.readOnlyHint;
    if (verdict.status !== 'contradicted') throw new Error('read_note readOnlyHint should be contradicted');
    expect(Object.keys(verdict.evidence).slice(0, 6)).toEqual([
      'args',
      'call',
      'changes',
      'seed',
      'path',
      'replay',
    ]);
    expect(verdict.evidence.changes.map((c) => c.entity)).toEqual(['.access.log']);
  });

  it('prints each contradiction with its observed changes and a replay command', () => {
    expect(stdout).toMatch(/read_note claims readOnlyHint: true but changed the sandbox/);
    expect(stdout).toMatch(/Observed: add fs:\.access\.log/);
    expect(
      stdout.match(
        /Reproduce with: hintproof check --fs \S*seed --tool \w+ --seed \d+ --path [\d:/sk.]+ -- node \S*server\.js \{fs\}/g,
      ),
    ).toHaveLength(4);
  });

  it('replays a counterexample exactly: the same arguments and the same contradiction', async () => {
    for (const tool of ['save_note', 'stamp_note']) {
      const verdicts = report.tools.find((t) => t.name === tool)!.verdicts;
      const contradicted = Object.entries(verdicts).find(([, v]) => v.status === 'contradicted')!;
      const [hint, verdict] = contradicted as [
        string,
        Extract<(typeof verdicts)[keyof typeof verdicts], { status: 'contradicted' }>,
      ];
      const words = verdict.evidence.replay.split(' ').slice(1);
      const replay = await runCli(words, { cwd: scenario.directory, json: true });
      expect(replay.code).toBe(1);
      const again = replay.report!.tools[0]!.verdicts[hint as keyof typeof verdicts];
      if (again.status !== 'contradicted') throw new Error(`${tool} ${hint} not contradicted on replay`);
      expect(again.evidence.args).toEqual(verdict.evidence.args);
      expect(again.evidence.changes).toEqual(verdict.evidence.changes);
    }
  });
});
