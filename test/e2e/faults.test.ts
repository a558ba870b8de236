import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLIND_REASON } from '../../src/engine/policy/blindness.js';
import { fixtures, runCli, statuses } from './runCli.js';

describe('a server that fails in every way during calls', () => {
  it('the run completes; faulty tools are inconclusive with the reason; the honest tool keeps its verdict', async () => {
    const result = await runCli(
      [
        'check',
        '--seed',
        '5',
        '--runs',
        '2',
        '--timeout',
        '2',
        '--env',
        'SLOW_START=1500',
        '--',
        'node',
        join(fixtures, 'faulty.js'),
      ],
      { json: true, timeoutMs: 240_000 },
    );
    expect(result.code).toBe(0);
    const report = result.report!;
    const verdicts = statuses(report);
    const reason = (tool: string) =>
      JSON.stringify(report.tools.find((t) => t.name === tool)!.verdicts.readOnlyHint);
    // The honest tools keep no state: the check is blind, and they are inconclusive for that reason alone.
    expect(report.blind).toBe(BLIND_REASON);
    expect(reason('look')).toBe(JSON.stringify({ status: 'inconclusive', reason: BLIND_REASON }));
    expect(verdicts.crash?.readOnlyHint).toBe('inconclusive');
    expect(reason('crash')).toMatch(
      /connection lost: .*; the server's stderr ended with: ⏎ faulty: about to crash ⏎ Error: the index is corrupt/,
    );
    expect(verdicts.garbage?.readOnlyHint).toBe('inconclusive');
    expect(reason('garbage')).toMatch(/time-out/);
    expect(verdicts.huge?.readOnlyHint).toBe('inconclusive');
    expect(reason('huge')).toMatch(/over the 8 MiB cap/);
    // A stderr flood is survived: the answer still counts.
    expect(reason('flood')).toBe(JSON.stringify({ status: 'inconclusive', reason: BLIND_REASON }));
    // A fork bomb is contained (process limit, and the whole tree is killed with its run): whatever the
    // call came to, it is never blamed as a contradiction, and not one of its processes outlives the check.
    expect(verdicts.fork_bomb?.readOnlyHint).not.toBe('contradicted');
    const leftovers = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter((l) => l === 'sleep 30');
    expect(leftovers).toEqual([]);
  });
});
