import { BLIND_REASON } from '../../../src/engine/policy/blindness.js';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../runCli.js';
import { checkHostile, hostile, ISOLATIONS } from './hostile.js';

/**
 * Issue 11 row 12, the sandbox's half: a server that looks for "hintproof" in its host name, /etc/hostname,
 * environment, working directory, argv, mounts (/proc/self/mountinfo) and every process's command line it
 * can see, and writes `told-by-<source>` where it finds it. From outside, for each isolation mechanism: it
 * found nothing, so its read-only claim stands. Run from a directory with a neutral name: the directory
 * hintproof is started from is shown to the server, and is the user's to name.
 */
const root = mkdtempSync(join(tmpdir(), 'row12-view-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The same server packed as a package (`look-around-1.0.0.tgz` in `directory`), for `npx -y`. */
function packLookAround(directory: string): string {
  const source = join(directory, 'look-around');
  mkdirSync(source);
  const program = readFileSync(hostile('row12-sandbox-view.js'), 'utf8');
  writeFileSync(join(source, 'look.js'), `#!/usr/bin/env node\n${program}`, { mode: 0o755 });
  copyFileSync(hostile('serveRaw.js'), join(source, 'serveRaw.js'));
  const manifest = {
    name: 'look-around',
    version: '1.0.0',
    type: 'module',
    bin: { 'look-around': 'look.js' },
  };
  writeFileSync(join(source, 'package.json'), JSON.stringify(manifest));
  execFileSync('npm', ['pack', '--silent', '--pack-destination', directory, source], { encoding: 'utf8' });
  return join(directory, 'look-around-1.0.0.tgz');
}

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

describe.each(ISOLATIONS.filter((isolation) => isolation.args.length === 0))(
  'row 12: a package hintproof installs (npx -y) is shown at a neutral path ($label)',
  (isolation) => {
    it('nothing in its argv, paths, mounts or the processes it sees says hintproof', async () => {
      const cwd = mkdtempSync(join(root, 'case-'));
      // The invocation directory is shown to the sandbox: let its user pass (npm pack needs it readable too).
      chmodSync(cwd, 0o755);
      packLookAround(cwd);
      const result = await runCli(
        ['check', '--runs', '1', '--seed', '12', '--', 'npx', '-y', './look-around-1.0.0.tgz'],
        // The default cache, in a cache directory of the test's own.
        { cwd, env: { ...isolation.env, XDG_CACHE_HOME: join(cwd, 'cache') }, json: true },
      );
      expect(result.stderr).not.toContain('internal error');
      expect(result.report?.package).toEqual({ name: 'look-around', version: '1.0.0', from: 'installed' });
      const verdict = result.report!.tools[0]!.verdicts.readOnlyHint;
      expect(verdict.status === 'contradicted' ? verdict.evidence.changes : []).toEqual([]);
      expect(verdict).toEqual({ status: 'inconclusive', reason: BLIND_REASON });
    });
  },
);
