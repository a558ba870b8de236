import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckOptions, EngineEvent } from '../../../src/index.js';
import { runChecks } from '../../../src/index.js';

const notes = new URL('../../../scenarios/notes/', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'hintproof-engine-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function options(seed: number, tools: string[]): CheckOptions {
  return {
    server: {
      command: process.execPath,
      args: [join(notes, 'server.js'), '{fs}'],
      env: {},
      startupTimeoutSeconds: 30,
      clientVersion: 'test',
    },
    fsSeed: join(notes, 'seed'),
    runs: 6,
    seed,
    tools,
    timeoutSeconds: 10,
    ignore: [],
    calibrationMs: 50,
    commandLine: ['node', 'server.js', '{fs}'],
    replayLine: (tool, s, path) => `replay ${tool} ${s} ${path}`,
    workDirectory: work,
  };
}

async function run(seed: number, tools: string[]) {
  const events: EngineEvent[] = [];
  const report = await runChecks(options(seed, tools), (event) => events.push(event));
  const calls = events.flatMap((event) =>
    event.type === 'observation' ? [[event.observation.tool, event.observation.args]] : [],
  );
  return { report, events, calls };
}

describe('runChecks (library API, real notes server)', () => {
  it('the same seed makes the same calls and the same verdicts; sandboxes are removed', async () => {
    const first = await run(5, ['save_note', 'list_notes']);
    const second = await run(5, ['save_note', 'list_notes']);
    expect(first.calls.length).toBeGreaterThanOrEqual(12);
    expect(second.calls).toEqual(first.calls);
    expect(second.report.tools).toEqual(first.report.tools);
    expect(readdirSync(work)).toEqual([]);
  });

  it("takes tool names separated by commas, checks them in the server's order; a path needs exactly one", async () => {
    const { report } = await run(2, ['save_note, list_notes']);
    expect(report.tools.map((tool) => tool.name)).toEqual(['list_notes', 'save_note']);
    await expect(
      runChecks({ ...options(2, ['save_note,list_notes']), path: '0:0' }, () => {}),
    ).rejects.toThrow(/one counterexample of one tool; --tool named 2: list_notes, save_note/);
    await expect(runChecks(options(2, ['save_note,nope']), () => {})).rejects.toThrow(
      /--tool "nope": no such tool/,
    );
  });

  it('stops when its signal fires: no run starts after it, no report, every sandbox removed', async () => {
    const controller = new AbortController();
    let seen = 0;
    let after = 0;
    const check = runChecks(
      { ...options(3, ['save_note', 'read_note']), runs: 25, signal: controller.signal },
      (event) => {
        if (event.type !== 'observation') return;
        if (controller.signal.aborted) after++;
        if (++seen === 3) controller.abort(new Error('enough seen'));
      },
    );
    await expect(check).rejects.toThrow('enough seen');
    // At most the call of the other tool's session already in flight when it fired.
    expect(after).toBeLessThanOrEqual(1);
    expect(readdirSync(work)).toEqual([]);
  });

  it('emits start, then per tool tool-start … tool-end, then end with the returned report', async () => {
    const { report, events } = await run(1, ['stamp_note']);
    const types = events.map((event) => event.type).filter((type) => type !== 'observation');
    expect(types[0]).toBe('start');
    expect(types.at(-1)).toBe('end');
    expect(types.slice(1, -1)).toEqual(['tool-start', 'contradiction', 'tool-end']);
    const end = events.at(-1);
    expect(end?.type === 'end' && end.report).toBe(report);
    const verdict = report.tools[0]!.verdicts.idempotentHint;
    expect(verdict.status).toBe('contradicted');
    if (verdict.status === 'contradicted') {
      expect(verdict.evidence.replay).toBe(
        `replay stamp_note ${verdict.evidence.seed} ${verdict.evidence.path}`,
      );
      expect(verdict.evidence.call).toBe(2);
    }
  });
});
