import { describe, expect, it } from 'vitest';
import { compareVerdicts, loadScenarios } from '../../scenarios/scenarios.js';
import type { Report } from '../../src/model/report.js';
import { runScenario } from './runCli.js';

/**
 * Observers are suspects: `usage_stats` claims `readOnlyHint: true` and takes no argument, so hintproof would
 * read it around every call, but it writes a usage counter into HOME (on every read, 400 ms late, or on a
 * random third of its reads). It must be left out as an observer (at calibration, or retired when caught
 * writing during the check), its own claim contradicted, and its counter never shown as another tool's
 * evidence; `list_notes` stays the observer, and every honest claim is kept with nothing flaky.
 */
const scenarios = loadScenarios().filter((scenario) => scenario.name.startsWith('observer-'));
const COUNTER = '.notes-usage.json';

/** Every change any tool's evidence or flaky entry shows, as text. */
function evidenceOf(report: Report, tool: string): string {
  const found = report.tools.find((each) => each.name === tool);
  return JSON.stringify([Object.values(found?.verdicts ?? {}), found?.flaky ?? []]);
}

describe('observers are suspects: a read-only tool that writes is no instrument', () => {
  it('finds the three scenarios', () => {
    expect(scenarios.map((s) => s.name)).toEqual(['observer-late', 'observer-sampled', 'observer-writes']);
  });

  // observer-sampled at two seeds: the sampled writer is caught at calibration on one, retired during the
  // check on the other (seen at the time of writing; either way the verdicts must match).
  const runs = scenarios.flatMap((scenario) =>
    scenario.name === 'observer-sampled'
      ? [1, 2].map((seed) => ({ scenario, seed }))
      : [{ scenario, seed: 1 }],
  );
  for (const { scenario, seed } of runs) {
    it(`${scenario.name} (seed ${seed}): left out with the reason, its lie caught, honest claims kept`, async () => {
      const result = await runScenario(scenario, { seed });
      const report = result.report as Report;
      // A write landing 400 ms after the call is the call's: each call waits for what it started to settle.
      expect(compareVerdicts(scenario, report), result.stdout).toEqual([]);
      // list_notes is the observer; on a loaded machine the late writer's save may land in list_notes' own
      // watched read at calibration, and the honest reader is then left out for that file: an instrument lost,
      // no verdict changed (issue 32 leaves this open: a blamed read is not yet retried alone). Nothing else
      // excuses it.
      const listNotesLeftOut = report.observers?.dropped.find((each) => each.name === 'list_notes');
      if (listNotesLeftOut === undefined)
        expect(report.observers?.used).toEqual([{ name: 'list_notes', kind: 'tool' }]);
      else {
        expect(listNotesLeftOut.reason).toContain(COUNTER);
        expect(report.observers?.used).toEqual([]);
      }
      const dropped = report.observers?.dropped.find((each) => each.name === 'usage_stats');
      expect(dropped?.reason).toContain(COUNTER);
      for (const tool of ['add_note', 'list_notes', 'read_note']) {
        expect(evidenceOf(report, tool)).not.toContain(COUNTER);
        expect(report.tools.find((each) => each.name === tool)?.flaky).toBeUndefined();
      }
    });
  }
});
