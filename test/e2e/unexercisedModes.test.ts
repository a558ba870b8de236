import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtures, repoRoot, runCli } from './runCli.js';

describe('a tool with a mode argument whose `delete` always fails (issue 13)', () => {
  it('names the mode never exercised and suggests nothing tighter for that tool', async () => {
    const result = await runCli(
      // A seed the reads meet, so the check is not blind (a blind check suggests nothing tighter anyway).
      [
        'check',
        '--runs',
        '6',
        '--seed',
        '1',
        '--fs',
        join(repoRoot, 'scenarios/notes/seed'),
        '--',
        'node',
        join(fixtures, 'modes.js'),
      ],
      {
        json: true,
        timeoutMs: 200_000,
      },
    );
    expect(result.code).toBe(0);
    const tool = (name: string) => result.report!.tools.find((each) => each.name === name)!;
    const manage = tool('manage_notes');
    expect(manage.calls.unexercised).toEqual([
      'action: only list, get were exercised (delete never succeeded)',
    ]);
    expect(manage.suggested).toEqual(manage.effective);
    expect(result.stdout).toContain(
      'Not exercised\n  ◌ manage_notes: action: only list, get were exercised (delete never succeeded); ' +
        'no tighter hint suggested',
    );
    expect(result.stdout).not.toMatch(/manage_notes (could|should) declare/);
    // An enum that picks no mode (`format: json|text`) holds nothing back.
    const read = tool('read_notes');
    expect(read.calls.unexercised).toBeUndefined();
    expect(read.suggested.readOnlyHint).toBe(true);
  });
});
