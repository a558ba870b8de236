import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareVerdicts, loadScenarios } from '../../scenarios/scenarios.js';
import { repoRoot, runCli } from './runCli.js';

// scenarios/background-egress: a download every 40 ms for 1.5 s from start-up and flags fetched once a second after
// it (no tool causes them), and `search`, which sends telemetry on every call while it claims a closed world.
describe('egress blamed only on the call that made it, background egress listed as ambient', () => {
  it('never blames background traffic (a verdict or a flaky finding), lists only it as ambient, keeps the true finding', async () => {
    const result = await runCli(
      ['check', '--seed', '3', '--', 'node', join(repoRoot, 'scenarios/background-egress/server.js')],
      { json: true },
    );
    const report = result.report;
    const scenario = loadScenarios().find((entry) => entry.name === 'background-egress');
    expect(scenario && report && compareVerdicts(scenario, report), result.stdout).toEqual([]);
    expect(report?.settings.isolation, 'egress is observed only isolated').not.toBe('none');
    const ping = report?.tools.find((tool) => tool.name === 'ping');
    const search = report?.tools.find((tool) => tool.name === 'search');
    // The flag fetch and the download (127.0.0.1:9) happen with or without a call. What lands inside a call is
    // shown by control runs to happen without it too: listed as ambient egress, with the control run that showed
    // it, never a flaky finding; so is what lands while a call settles, waiting for a timer (see TimerWait):
    // whether any of it lands inside a call depends on timing, so the listing is checked for what it holds.
    expect(ping?.verdicts.openWorldHint.status).toBe('consistent');
    expect(ping?.flaky).toBeUndefined();
    const ambient = [...(ping?.ambientEgress ?? []), ...(search?.ambientEgress ?? [])];
    for (const entry of ambient) {
      expect(entry.egress.destination).toBe('127.0.0.1:9');
      expect(entry.control).toMatch(
        /^a control run on a fresh sandbox.*, with no call until the server was \d+ ms old$/,
      );
    }
    expect(search?.flaky?.filter((flaky) => flaky.hint === 'openWorldHint') ?? []).toEqual([]);
    if (ambient.length > 0)
      expect(result.stdout).toContain('Background egress (a control run without the call showed it too');
    expect(result.stdout).not.toContain('Seen once, not reproduced');
    expect(ping?.suggested.openWorldHint).toBe(false);
    const telemetry = search?.verdicts.openWorldHint;
    expect(telemetry?.status).toBe('contradicted');
    // Blamed for what only it reached: the telemetry port, not the download's.
    if (telemetry?.status === 'contradicted') {
      expect(telemetry.evidence.egress?.map((attempt) => attempt.destination)).toEqual(['127.0.0.1:10']);
    }
    expect(result.code).toBe(1);
  });
});
