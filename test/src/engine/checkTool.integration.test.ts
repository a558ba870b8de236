import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../src/model/events.js';
import type { ToolCheckOptions } from '../../../src/engine/checkTool.js';
import { checkTool } from '../../../src/engine/checkTool.js';
import { probe } from '../../../src/engine/probe/probe.js';
import { parseSessionPath } from '../../../src/engine/run/sessionPath.js';
import type { World } from './inProcessServers.js';
import { checkOptions, newWorld, shelfPool, touched } from './inProcessServers.js';

async function check(world: World, tool: string, overrides: Partial<ToolCheckOptions> = {}) {
  await using pool = await shelfPool(world);
  const found = await probe(pool, 20, 10);
  // The probe reads `peek` as an observer: the check's own peeks count from here.
  world.peeks = 0;
  const events: EngineEvent[] = [];
  const info = found.tools.find((candidate) => candidate.name === tool);
  if (info === undefined) throw new Error(`no tool ${tool}`);
  const report = await checkTool(
    info,
    checkOptions(pool, found, (event) => events.push(event), overrides),
  );
  return { report, events };
}

/** What the replay command printed for an evidence: its tool, seed, path and `--producers`. */
function replayOf(line: string): { seed: number; path: string; producers?: string[] } {
  return JSON.parse(line) as { seed: number; path: string; producers?: string[] };
}

describe('checkTool (in-process shelf server, runs in sessions)', () => {
  it.each([
    ['found in a session of alone runs', 1],
    ['found after preambles of producers', 2],
  ])(
    'a lie that needs earlier state is contradicted, and its replay line gives the same evidence (%s)',
    async (_, seed) => {
      const { report } = await check(newWorld(), 'put', { seed });
      const verdict = report.verdicts.destructiveHint;
      expect(verdict.status).toBe('contradicted');
      if (verdict.status !== 'contradicted') return;
      const evidence = verdict.evidence;
      expect(touched(evidence.changes)).toEqual([expect.stringMatching(/^delete fs:/)]);
      expect(evidence.preamble?.length).toBeGreaterThan(0);
      const line = replayOf(evidence.replay);
      const path = parseSessionPath(line.path);
      expect(path).toBeDefined();
      if (path === undefined) return;
      const replayed = await check(newWorld(), 'put', {
        seed: line.seed,
        path,
        ...(line.producers === undefined ? {} : { producers: line.producers }),
      });
      const again = replayed.report.verdicts.destructiveHint;
      expect(again.status === 'contradicted' && { ...again.evidence, shrinks: 0 }).toEqual({
        ...evidence,
        shrinks: 0,
      });
      expect(replayed.report.calls.commands).toBe(1);
    },
  );

  it('the same seed gives the same report', async () => {
    const first = await check(newWorld(), 'put', { seed: 2 });
    const second = await check(newWorld(), 'put', { seed: 2 });
    expect(second.report).toEqual(first.report);
  });

  it('a failure naming the sandbox path is reported with its placeholder, so a seed gives the same report', async () => {
    const first = await check(newWorld(), 'take', { seed: 3 });
    const second = await check(newWorld(), 'take', { seed: 3 });
    expect(first.report.sampleError).toMatch(/^isError: no such file: \{fs\}/);
    expect(first.report.sampleError).not.toContain(tmpdir());
    expect(second.report).toEqual(first.report);
  });

  it('spends the budget alone first, then after preambles of producers when nothing met existing state', async () => {
    const { report, events } = await check(newWorld(), 'take', { seed: 1 });
    expect(events[0]).toEqual({ type: 'tool-start', tool: 'take', budget: 20 });
    const observations = events.filter((event) => event.type === 'observation');
    expect(observations).toHaveLength(20);
    // aloneBudget(20) = 4 runs alone on an empty shelf, then runs after `put` calls.
    expect(observations.slice(0, 4).every((event) => !('preamble' in event))).toBe(true);
    expect(report.calls.commands).toBe(20);
    expect(report.calls.afterPreamble).toBeGreaterThan(0);
    expect(report.calls.metExisting).toBeGreaterThan(0);
    expect(report.verdicts.destructiveHint.status).toBe('consistent');
  });

  it('a lie never reproduced on a fresh sandbox is reported flaky, leaves its hint inconclusive and moves no suggestion', async () => {
    const { report, events } = await check(newWorld(3), 'peek', { seed: 1 });
    expect(report.verdicts.readOnlyHint).toEqual({
      status: 'inconclusive',
      reason: expect.stringMatching(
        /^a contradiction was seen in a session \(peek claims readOnlyHint: true/,
      ) as string,
    });
    expect(report.suggested.readOnlyHint).toBe(true);
    expect(events.some((event) => event.type === 'contradiction')).toBe(false);
    expect(report.flaky?.map((flaky) => [flaky.hint, flaky.history, touched(flaky.changes)])).toEqual([
      ['readOnlyHint', 2, ['add fs:.peeked']],
    ]);
    expect(report.flaky?.[0]?.replays[0]).toBe(
      'replayed alone on a fresh sandbox (the command made 6 times): no contradiction',
    );
    expect(report.calls.commands).toBe(20);
  });
});
