import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './runCli.js';

// scenarios/background-egress: flags fetched once a second after start-up and a download every 150 ms once initialised
// (no tool causes them), and `search`, which sends telemetry on every call while it claims a closed world.
describe('egress blamed only on the call that made it', () => {
  it('lists background traffic as unconfirmed, never as a verdict, and keeps the true finding', async () => {
    const result = await runCli(
      ['check', '--seed', '3', '--', 'node', join(repoRoot, 'scenarios/background-egress/server.js')],
      {
        json: true,
      },
    );
    const report = result.report;
    expect(report?.settings.isolation, 'egress is observed only isolated').not.toBe('none');
    const ping = report?.tools.find((tool) => tool.name === 'ping');
    const search = report?.tools.find((tool) => tool.name === 'search');
    // What a session saw during ping and no control-checked replay pinned on it is kept, but moves nothing:
    // never contradicted, and never consistent while such evidence stands.
    expect(ping?.verdicts.openWorldHint.status).toBe(
      ping?.flaky === undefined ? 'consistent' : 'inconclusive',
    );
    for (const flaky of ping?.flaky ?? []) expect(flaky.hint).toBe('openWorldHint');
    expect(ping?.suggested.openWorldHint).toBe(false);
    const telemetry = search?.verdicts.openWorldHint;
    expect(telemetry?.status).toBe('contradicted');
    // Blamed for what only it reached: the telemetry port, not the download's.
    if (telemetry?.status === 'contradicted') {
      expect(telemetry.evidence.egress?.map((attempt) => attempt.destination)).toContain('127.0.0.1:10');
    }
    expect(result.code).toBe(1);
  });
});
