import { describe, expect, it } from 'vitest';
import { checkHostile, ISOLATIONS, scratch } from './hostile.js';

/**
 * Issue 11's "bounded everything", in depth: a read-only tool that nests 300 directories (a few hundred
 * entries, far under the disk limit). Each entry's path names every directory above it, so a chain of 20,000
 * made hintproof run out of memory after minutes (a crash, no report). From outside, for each isolation
 * mechanism: the check ends at once with a verdict; the run is inconclusive, saying why.
 */
const work = scratch('deep-tree');

describe.each(ISOLATIONS)('a directory chain deeper than hintproof walks ($label)', (isolation) => {
  it('300 levels: inconclusive with the reason, never a crash nor an internal error', async () => {
    const result = await checkHostile('deep-tree.js', {
      isolation,
      cwd: work(),
      runs: 1,
      seed: 1,
      options: ['--timeout', '60'],
      json: true,
    });
    expect(result.stderr).not.toContain('internal error');
    expect(result.code).toBe(0);
    const verdict = result.report!.tools[0]!.verdicts.readOnlyHint;
    expect(verdict.status === 'inconclusive' && verdict.reason).toMatch(
      /the server nested directories more than 256 levels deep in its sandbox; hintproof does not walk that deep/,
    );
  });
});
