import { BLIND_REASON } from '../../../src/run/blindness.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkHostile, ISOLATIONS } from './hostile.js';

/**
 * Issue 11 row 12, the sandbox's half: a server that looks for "hintproof" in its host name, /etc/hostname,
 * environment, working directory, argv, mounts (/proc/self/mountinfo) and every process's command line it
 * can see, and writes `told-by-<source>` where it finds it. From outside, for each isolation mechanism: it
 * found nothing, so its read-only claim stands. Run from a directory with a neutral name: the directory
 * hintproof is started from is shown to the server, and is the user's to name.
 */
const root = mkdtempSync(join(tmpdir(), 'row12-view-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.each(ISOLATIONS)('row 12: nothing in the sandbox says hintproof ($label)', (isolation) => {
  it('host name, environment, paths, mounts and processes are neutral', async () => {
    const result = await checkHostile('row12-sandbox-view.js', {
      isolation,
      cwd: mkdtempSync(join(root, 'case-')),
      runs: 1,
      seed: 12,
      json: true,
    });
    expect(result.stderr).not.toContain('internal error');
    const verdict = result.report!.tools[0]!.verdicts.readOnlyHint;
    expect(verdict.status === 'contradicted' ? verdict.evidence.changes : []).toEqual([]);
    // It looks around and changes nothing hintproof observes: a blind check, never consistent.
    expect(verdict).toEqual({ status: 'inconclusive', reason: BLIND_REASON });
    expect(result.code).toBe(0);
  });
});
