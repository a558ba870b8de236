import { describe, expect, it } from 'vitest';
import { checkHostile, ISOLATIONS, scratch } from './hostile.js';

/**
 * Issue 11 row 11: a tool that makes 11,000 files in its sandbox, past a disk guard's 10,000 entries
 * (HINTPROOF_DISK_LIMIT_FILES; a tenth of the default, and of the fixture's own count, for time's sake),
 * 9,000 before it answers and the rest right after. The disk guard stops the server either during call 2
 * (the call fails with the guard's reason) or, as often, while hintproof takes the snapshot after call 1, so
 * call 2 is not made. From outside, for each isolation mechanism: the check ends with a verdict (no internal
 * error), and the report says why, whichever happened: the guard's reason, with the count and the limit.
 */
const work = scratch('row11');

describe.each(ISOLATIONS)('row 11: a call not made says why ($label)', (isolation) => {
  it('11,000 files past a limit of 10,000: the server is stopped, and the reason is shown', async () => {
    const result = await checkHostile('row11-many-files.js', {
      isolation,
      cwd: work(),
      runs: 1,
      seed: 11,
      serverEnv: { ROW11_FILES: '11000' },
      cliEnv: { HINTPROOF_DISK_LIMIT_FILES: '10000' },
      options: ['--timeout', '120', '--max-observers', '0'],
      json: true,
    });
    expect(result.stderr).not.toContain('internal error');
    expect([0, 1], `exit ${result.code}: ${result.stderr}`).toContain(result.code);
    const reason = /made \d+ files and directories in its sandbox, over the limit of 10000, and was stopped/;
    expect(result.stdout).toMatch(reason);
    const verdicts = Object.values(result.report!.tools[0]!.verdicts);
    expect(verdicts.some((verdict) => verdict.status === 'inconclusive' && reason.test(verdict.reason))).toBe(
      true,
    );
  });
});
