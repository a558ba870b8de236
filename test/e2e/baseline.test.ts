import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtures, runCli } from './runCli.js';

const work = mkdtempSync(join(tmpdir(), 'hintproof-baseline-'));
const seed = join(work, 'seed');
mkdirSync(seed);
writeFileSync(join(seed, 'notes.txt'), 'keep me\n');
writeFileSync(join(seed, 'build.scratch'), 'temporary\n');
const baselineFile = join(work, 'hintproof.baseline.json');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const check = (...extra: string[]) => [
  'check',
  '--seed',
  '3',
  '--runs',
  '5',
  '--fs',
  seed,
  '--baseline',
  baselineFile,
  ...extra,
  '--',
  'node',
  join(fixtures, 'drifting.js'),
  '{fs}',
];

describe('behaviour baseline', () => {
  it('--update-baseline writes a sorted, reviewable file of what each tool did', async () => {
    const result = await runCli(check('--update-baseline'));
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/wrote the behaviour baseline/);
    expect(JSON.parse(readFileSync(baselineFile, 'utf8'))).toEqual({
      hintproof: expect.any(String) as string,
      server: 'drifting',
      tools: {
        count_items: {
          behaviour: ['reads only'],
          suggested: {
            readOnlyHint: true,
            // It takes no arguments, so it acts on the whole sandbox, which held files: none was destroyed.
            destructiveHint: false,
            idempotentHint: true,
            // Isolated runs observe egress: none was seen, so a closed world is supported.
            openWorldHint: false,
          },
        },
        list_items: {
          behaviour: ['reads only'],
          suggested: {
            readOnlyHint: true,
            // It takes no arguments, so it acts on the whole sandbox, which held files: none was destroyed.
            destructiveHint: false,
            idempotentHint: true,
            // Isolated runs observe egress: none was seen, so a closed world is supported.
            openWorldHint: false,
          },
        },
      },
    });
  });

  it('the unchanged server passes against its baseline', async () => {
    const result = await runCli(check(), { json: true });
    expect(result.code).toBe(0);
    expect(result.report!.drift).toEqual([]);
  });

  it('a handler that starts deleting fails: drift for both tools, and the stale readOnlyHint', async () => {
    const result = await runCli(check('--env', 'DRIFT=1'), { json: true });
    expect(result.code).toBe(1);
    const report = result.report!;
    expect(report.drift).toEqual([
      { tool: 'list_items', before: ['reads only'], after: ['deletes'], added: ['deletes'] },
      { tool: 'count_items', before: ['reads only'], after: ['deletes'], added: ['deletes'] },
    ]);
    expect(report.tools.find((t) => t.name === 'list_items')!.verdicts.readOnlyHint.status).toBe(
      'contradicted',
    );
    // count_items declares nothing: no hint to contradict, yet the run fails on drift alone.
    expect(
      Object.values(report.tools.find((t) => t.name === 'count_items')!.verdicts).map((v) => v.status),
    ).not.toContain('contradicted');
    expect(result.stdout).toMatch(
      /Behaviour drift since the baseline\n {2}✗ list_items: reads only → deletes \(new: deletes\)/,
    );
  });

  it('a missing or broken baseline is a set-up error that says what to do', async () => {
    const missing = await runCli(['check', '--baseline', join(work, 'nope.json'), '--', 'node', 'x.js']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such file. Create it with --update-baseline/);
    writeFileSync(
      join(work, 'broken.json'),
      '{"hintproof":"0","server":"x","tools":{"a":{"behaviour":"reads"}}}',
    );
    const broken = await runCli(['check', '--baseline', join(work, 'broken.json'), '--', 'node', 'x.js']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/tools\.a\.behaviour must be an array of strings/);
  });
});
