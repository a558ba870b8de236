import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/model/report.js';
import { fixtures, repoRoot, runCli } from './runCli.js';

/** Each tool's verdicts that apply, as `tool.hint: status`. */
function verdicts(report: Report | undefined): string[] {
  return (report?.tools ?? []).flatMap((tool) =>
    Object.entries(tool.verdicts)
      .filter(([, verdict]) => verdict.status !== 'not-applicable')
      .map(([hint, verdict]) => `${tool.name}.${hint}: ${verdict.status}`),
  );
}

/** The claims a server's lies contradict; every other applicable claim must come out `consistent`. */
function expectVerdicts(report: Report | undefined, lies: readonly string[], stdout: string): void {
  const found = verdicts(report);
  expect(found.length, stdout).toBeGreaterThan(lies.length);
  for (const line of found) {
    const [claim] = line.split(': ');
    expect(line, stdout).toBe(`${claim}: ${lies.includes(claim ?? '') ? 'contradicted' : 'consistent'}`);
  }
  for (const tool of report?.tools ?? []) expect(tool.flaky ?? [], `${tool.name} flaky`).toEqual([]);
}

// Servers whose writes land after their answers: a debounced save (Node, a libuv timer), a thread timer and a
// detached `sleep` (Python, no SDK), checked at once (they mostly wait). Each call waits for what it started: the write is the call's, never the
// next call's (main before issue 32 caught 1 of these 4 lies and blamed late writes on honest tools).
describe.concurrent('effects that land after the answer are charged to the call that made them', () => {
  const lateSaves = join(fixtures, 'late-saves.js');
  const seed = join(repoRoot, 'test/fixtures/late-saves');
  const lies = ['complete_task.destructiveHint', 'show_task.readOnlyHint'];

  it('a store saving 150 ms late, seen through its own list too', async () => {
    const result = await runCli(
      [
        'check',
        '--fs',
        seed,
        '--env',
        'SAVE_DELAY_MS=150',
        '--runs',
        '10',
        '--seed',
        '4',
        '--',
        'node',
        lateSaves,
        '{fs}',
      ],
      { json: true },
    );
    expectVerdicts(result.report, lies, result.stdout);
    expect(result.report?.settings.settle?.trailMs).toBeGreaterThanOrEqual(140);
    expect(result.stdout).toContain('Effects that trailed their answers');
  });

  it('a store saving 1.2 s late, with no observer: only the file shows it', async () => {
    const result = await runCli(
      [
        'check',
        '--fs',
        seed,
        '--env',
        'SAVE_DELAY_MS=1200',
        '--env',
        'READ_FROM=disk',
        '--max-observers',
        '0',
        '--runs',
        '8',
        '--seed',
        '3',
        '--',
        'node',
        lateSaves,
        '{fs}',
      ],
      { json: true },
    );
    expectVerdicts(result.report, lies, result.stdout);
    expect(result.report?.settings.settle?.trailMs).toBeGreaterThanOrEqual(1100);
  });

  it('a Python server writing from a thread timer and a detached sleep', async () => {
    const result = await runCli(
      [
        'check',
        '--fs',
        join(repoRoot, 'test/fixtures/late-writer'),
        '--env',
        'NOTE_DELAY=0.3',
        '--env',
        'PIN_DELAY=1',
        '--runs',
        '8',
        '--seed',
        '3',
        '--',
        'python3',
        join(fixtures, 'late-writer.py'),
        '{fs}',
      ],
      { json: true },
    );
    expectVerdicts(result.report, ['pin_note.readOnlyHint', 'clear_notes.destructiveHint'], result.stdout);
    expect(result.report?.settings.settle?.trailMs).toBeGreaterThanOrEqual(900);
  });
});
