import { BLIND_REASON } from '../../../src/engine/policy/blindness.js';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkHostile, ISOLATIONS, listTree, scratch } from './hostile.js';

/**
 * Issue 11 row 1: a server that replaces hintproof's files beside its sandbox (the fs clock and the rest of
 * the run directory) by symbolic links to a root-only host file and to a path that does not exist, before the
 * baseline and on every call. From outside: the host file keeps its bytes and mode, the missing one is never
 * created, the check ends with its true verdict (no internal error), for each isolation mechanism.
 */
const work = scratch('row01');

describe.each(ISOLATIONS)('row 1: nothing beside the sandbox is written through ($label)', (isolation) => {
  it('a root-only host file linked in place of fs.clock is untouched; a missing one is not created', async () => {
    const host = work();
    const target = join(host, 'root-only.conf');
    const missing = join(host, 'created-by-hintproof');
    writeFileSync(target, 'canary: row 1\n', { mode: 0o600 });
    const result = await checkHostile('row01-clock-link.js', {
      isolation,
      cwd: work(),
      runs: 2,
      seed: 1,
      serverEnv: { ROW01_TARGET: target, ROW01_MISSING: missing },
      json: true,
    });
    expect(result.stderr).not.toContain('internal error');
    expect(result.code).toBe(0);
    // Its tool changes nothing hintproof observes (the links sit outside {fs}): a blind check.
    expect(result.report!.tools[0]!.verdicts.readOnlyHint).toEqual({
      status: 'inconclusive',
      reason: BLIND_REASON,
    });
    expect(readFileSync(target, 'utf8')).toBe('canary: row 1\n');
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(existsSync(missing)).toBe(false);
    expect(listTree(host)).toEqual(['root-only.conf']);
  });
});
