import { describe, expect, it } from 'vitest';
import { checkArguments, compareVerdicts, loadScenarios } from '../../scenarios/scenarios.js';
import type { Evidence, Report, ToolReport } from '../../src/model/report.js';
import { runCli } from './runCli.js';

const scenario = loadScenarios().find((s) => s.name === 'bookmarks')!;
const args = checkArguments(scenario);

function contradiction(report: Report, tool: string, hint: keyof ToolReport['verdicts']): Evidence {
  const verdict = report.tools.find((t) => t.name === tool)!.verdicts[hint];
  if (verdict.status !== 'contradicted')
    throw new Error(`${tool}.${hint} is ${verdict.status}, not contradicted`);
  return verdict.evidence;
}

describe('the bookmarks scenario: an empty sandbox, two lies that need a bookmark made earlier in the run', () => {
  let report: Report;
  let stdout = '';

  it('catches both lies at the default budget and nothing else (exit 1)', async () => {
    const result = await runCli(['check', '--seed', '7', ...args.slice(1)], {
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

  it('reports each lie with the preamble that built the state it destroyed, shrunk to one add', () => {
    for (const [tool, hint] of [
      ['forget_bookmark', 'destructiveHint'],
      ['visit_bookmark', 'idempotentHint'],
    ] as const) {
      const evidence = contradiction(report, tool, hint);
      expect(
        evidence.preamble?.map((step) => step.tool),
        tool,
      ).toEqual(['add_bookmark']);
      expect(evidence.preamble?.[0]?.outcome).toBe('returned');
      // The checked command names the bookmark the preamble made (its id came back in add_bookmark's answer).
      expect(evidence.args).toEqual({ id: 'b1' });
      // The producers the preamble favoured (learned in the tool's own runs) are pinned in the replay.
      expect(evidence.replay).toContain(
        `--producers ${evidence.producers?.length ? evidence.producers.join(',') : 'none'}`,
      );
    }
    // The file shows the delete: what the server's own list_bookmarks showed of it is left out (the sandbox's
    // view comes first).
    expect(contradiction(report, 'forget_bookmark', 'destructiveHint').changes).toEqual([
      expect.objectContaining({ kind: 'delete', entity: 'bookmarks.json#/bookmarks/[id=b1]' }),
    ]);
  });

  it('prints the counterexample as numbered steps from a fresh sandbox', () => {
    expect(stdout).toMatch(
      /Steps \(from a fresh sandbox\):\n\s+1\. add_bookmark \{.*\} → returned; add fs:bookmarks\.json.*\n\s+2\. forget_bookmark \{"id":"b1"\} → returned/,
    );
  });

  it('says, per tool, how many commands met existing state, and no destructive claim passes without any', () => {
    for (const tool of report.tools) {
      expect(tool.calls.commands, tool.name).toBeGreaterThan(0);
      expect(tool.calls.metExisting, tool.name).toBeLessThanOrEqual(tool.calls.commands!);
    }
    const forget = report.tools.find((t) => t.name === 'forget_bookmark')!;
    expect(forget.calls.afterPreamble).toBeGreaterThan(0);
    expect(forget.calls.metExisting).toBeGreaterThan(0);
    expect(stdout).toMatch(/existing/);
  });

  it('replays a counterexample exactly from its replay command, preamble included', async () => {
    const evidence = contradiction(report, 'visit_bookmark', 'idempotentHint');
    const replay = await runCli(evidence.replay.split(' ').slice(1), { cwd: scenario.directory, json: true });
    expect(replay.code).toBe(1);
    const again = contradiction(replay.report!, 'visit_bookmark', 'idempotentHint');
    // The same calls with the same outcomes and the same change (sizes in details may differ: the sandbox
    // path a title holds is a different directory in each run).
    const calls = (steps: Evidence['preamble']) =>
      steps?.map(({ tool, args, outcome }) => ({ tool, args, outcome }));
    expect(calls(again.preamble)).toEqual(calls(evidence.preamble));
    expect(again.args).toEqual(evidence.args);
    expect(again.changes.map(({ kind, entity }) => ({ kind, entity }))).toEqual(
      evidence.changes.map(({ kind, entity }) => ({ kind, entity })),
    );
  });

  it('refuses --producers naming a tool the server does not list (exit 2)', async () => {
    const result = await runCli(['check', '--producers', 'add_bookmark,plant_tree', ...args.slice(1)], {
      cwd: scenario.directory,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--producers "plant_tree": no such tool\. The server lists: add_bookmark/);
  });
});
