import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/model/report.js';
import { fixtures, repoRoot, runCli } from './runCli.js';

// piles-up: compact claims destructiveHint: false but deletes an item once more than four exist. A run's own
// preamble makes at most three: only what earlier runs of a session left reaches five.
const server = ['node', join(fixtures, 'piles-up.js'), '{fs}'];
const work = mkdtempSync(join(repoRoot, 'test', '.tmp-sessions-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const verdict = (report: Report | undefined, tool: string) =>
  report?.tools.find((entry) => entry.name === tool)?.verdicts.destructiveHint;

describe('long sessions', () => {
  let found: Report | undefined;

  it('find a lie that only the state built by earlier runs of a session shows, confirmed from a fresh sandbox', async () => {
    const result = await runCli(['check', '--seed', '5', '--', ...server], { json: true, cwd: work });
    expect(result.code, result.stdout).toBe(1);
    found = result.report;
    const compact = verdict(found, 'compact');
    expect(compact?.status).toBe('contradicted');
    if (compact?.status !== 'contradicted') return;
    // The replay path names the session and the history calls it kept (and the runs of the round before, when
    // the session began there).
    expect(compact.evidence.path).toMatch(/^\d+(:\d+)*\/s\d+\/k\d+(\.\d+)*(\/p\d+-\d+)?$/);
    const steps = compact.evidence.preamble ?? [];
    const added = steps.filter((step) => step.tool === 'add_item' && step.outcome === 'returned');
    expect(added.length).toBeGreaterThanOrEqual(5);
    expect(compact.evidence.changes.map((change) => change.kind)).toContain('delete');
  });

  it('replay that path exactly, from a fresh sandbox', async () => {
    const compact = verdict(found, 'compact');
    if (compact?.status !== 'contradicted') throw new Error('the first test found no contradiction');
    const { seed, path } = compact.evidence;
    const producers = compact.evidence.producers ?? [];
    const result = await runCli(
      [
        'check',
        '--tool',
        'compact',
        '--seed',
        String(seed),
        '--path',
        path,
        '--producers',
        producers.length === 0 ? 'none' : producers.join(','),
        '--',
        ...server,
      ],
      { json: true, cwd: work },
    );
    expect(result.code, result.stdout).toBe(1);
    const replayed = verdict(result.report, 'compact');
    expect(replayed?.status).toBe('contradicted');
    if (replayed?.status === 'contradicted') {
      expect(replayed.evidence.changes).toEqual(compact.evidence.changes);
      expect(replayed.evidence.path).toBe(path);
    }
  });

  it('with --max-commands 1 (every run on a fresh sandbox) the same seed cannot see it', async () => {
    const result = await runCli(['check', '--seed', '5', '--max-commands', '1', '--', ...server], {
      json: true,
      cwd: work,
    });
    expect(verdict(result.report, 'compact')?.status).not.toBe('contradicted');
  });

  it('give the same report whatever --jobs is', async () => {
    const one = await runCli(['check', '--seed', '5', '--jobs', '1', '--', ...server], {
      json: true,
      cwd: work,
    });
    const two = await runCli(['check', '--seed', '5', '--jobs', '2', '--', ...server], {
      json: true,
      cwd: work,
    });
    expect(one.report?.tools).toEqual(two.report?.tools);
    expect(one.report?.tools).toEqual(found?.tools);
  });
});
