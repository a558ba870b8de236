import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareVerdicts, loadScenarios } from '../../scenarios/scenarios.js';
import { repoRoot, runCli } from './runCli.js';

/** Checks a scenario isolated, on `seed`: its verdicts as expected, and the contradicted tool's evidence. */
async function checkScenario(name: string, seed: number) {
  const result = await runCli(
    ['check', '--seed', String(seed), '--', 'node', join(repoRoot, 'scenarios', name, 'server.js')],
    {
      json: true,
    },
  );
  const report = result.report;
  const scenario = loadScenarios().find((entry) => entry.name === name);
  expect(scenario && report && compareVerdicts(scenario, report), result.stdout).toEqual([]);
  expect(report?.settings.isolation, 'egress is observed only isolated').not.toBe('none');
  expect(result.code).toBe(1);
  return report;
}

const evidenceOf = (report: Awaited<ReturnType<typeof checkScenario>>, tool: string) => {
  const verdict = report?.tools.find((entry) => entry.name === tool)?.verdicts.openWorldHint;
  return verdict?.status === 'contradicted' ? (verdict.evidence.egress ?? []) : [];
};

// scenarios/connected-metrics: a UDP socket connected at start-up to 127.0.0.1:8125; `convert` sends a datagram
// on it (naming no address) on every call, `units` never does.
describe('egress on a socket connected before the call', () => {
  it.each([3, 11])(
    'contradicts the tool that sends on it, keeps the one that does not (seed %i)',
    async (seed) => {
      const report = await checkScenario('connected-metrics', seed);
      expect(
        evidenceOf(report, 'convert').map((attempt) => `${attempt.kind} ${attempt.destination}`),
      ).toEqual(['datagram 127.0.0.1:8125']);
      const units = report?.tools.find((tool) => tool.name === 'units');
      expect(units?.flaky).toBeUndefined();
      expect(units?.suggested.openWorldHint).toBe(false);
    },
  );
});

// scenarios/retried-collector: the server retries 127.0.0.1:4318 every 400 ms for 6 s from start-up; `translate`
// also connects there on every call, `glossary` never does.
describe("egress to a destination the server also reaches on its own, above the background's rate", () => {
  it.each([3, 11])(
    'contradicts the tool that adds to the retries, keeps the one that does not (seed %i)',
    async (seed) => {
      const report = await checkScenario('retried-collector', seed);
      expect(
        evidenceOf(report, 'translate').map((attempt) => `${attempt.kind} ${attempt.destination}`),
      ).toEqual(['connect 127.0.0.1:4318']);
      const glossary = report?.tools.find((tool) => tool.name === 'glossary');
      expect(glossary?.flaky?.filter((flaky) => flaky.hint === 'openWorldHint') ?? []).toEqual([]);
    },
  );
});
