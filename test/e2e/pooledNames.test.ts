import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../src/index.js';
import type { CheckOptions } from '../../src/index.js';

const notes = new URL('../../scenarios/notes/', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'hintproof-pooled-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function options(seed: number, pools: boolean): CheckOptions {
  return {
    server: {
      command: process.execPath,
      args: [join(notes, 'server.js'), '{fs}'],
      env: {},
      startupTimeoutSeconds: 30,
      clientVersion: 'test',
    },
    fsSeed: join(notes, 'seed'),
    runs: 25,
    seed,
    tools: ['save_note'],
    timeoutSeconds: 10,
    ignore: [],
    calibrationMs: 50,
    commandLine: ['node', 'server.js', '{fs}'],
    replayLine: () => '',
    workDirectory: work,
    pools,
  };
}

// `npm run bench` measures all 20 seeds (bench/generation.js: 20/20); two keep this test short.
describe('pooled names on the notes scenario (save_note overwrites an existing note)', () => {
  it.each([1, 2])('catches the lie at the default budget, seed %i', async (seed) => {
    const report = await runChecks(options(seed, true), () => {});
    const tool = report.tools[0]!;
    expect(tool.verdicts.destructiveHint.status).toBe('contradicted');
    expect(tool.calls.pooledShare).toBeGreaterThan(0.3);
  });

  it('misses it with random names only (the bench baseline), and says the claim was never put to the test', async () => {
    const report = await runChecks({ ...options(1, false), runs: 10 }, () => {});
    const tool = report.tools[0]!;
    // No random name met an existing note: "destroys nothing" is unproven, not consistent.
    expect(tool.verdicts.destructiveHint).toEqual({
      status: 'inconclusive',
      reason: expect.stringMatching(
        /^never exercised against existing state: none of its \d+ successful/,
      ) as string,
    });
    expect(tool.calls.pooledShare).toBe(0);
    expect(tool.calls.metExisting).toBe(0);
    expect(tool.calls.afterPreamble).toBe(0);
  });
});
