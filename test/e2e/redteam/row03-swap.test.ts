import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkHostile, ISOLATIONS, scratch } from './hostile.js';

/**
 * Issue 11 row 3: a server that swaps a directory of its sandbox with a symbolic link to a root-only host
 * directory in a tight loop (renameat2 RENAME_EXCHANGE). From outside: no name nor byte of that directory
 * appears in the terminal (every call and its arguments, --verbose), in any report, nor in an argument the
 * server received (it would have written `leaked`); an entry changing type under the snapshot is no internal
 * error; the exit code is a verdict's (0 or 1), for each isolation mechanism.
 */
const work = scratch('row03');
const SECRET_NAME = 'TOPSECRET-row3-name.txt';
const SECRET_BYTES = 'TOPSECRET-row3-content';
const base64 = (text: string) => Buffer.from(text).toString('base64');

describe.each(ISOLATIONS)('row 3: the snapshot never follows a swapped-in link ($label)', (isolation) => {
  it('a root-only directory swapped in a tight loop leaks neither names nor bytes', async () => {
    const secret = join(work(), 'private');
    mkdirSync(secret, { mode: 0o700 });
    writeFileSync(join(secret, SECRET_NAME), `${SECRET_BYTES}\n`, { mode: 0o600 });
    const cwd = work();
    const result = await checkHostile('row03-swap.js', {
      isolation,
      cwd,
      runs: 6,
      seed: 3,
      serverEnv: {
        ROW03_SECRET: secret,
        ROW03_SECRET_NAMES: ['TOPSECRET', SECRET_NAME].map(base64).join(','),
      },
      options: ['--verbose', '--reporter', 'text,json,markdown', '--output-dir', 'out'],
    });
    const reports = readdirSync(join(cwd, 'out')).map((file) => readFileSync(join(cwd, 'out', file), 'utf8'));
    expect(result.stderr).not.toContain('internal error');
    expect([0, 1], `exit ${result.code}: ${result.stderr}`).toContain(result.code);
    expect(reports).toHaveLength(2);
    for (const text of [result.stdout, result.stderr, ...reports]) {
      expect(text).not.toContain('TOPSECRET');
      expect(text).not.toContain('leaked');
    }
    // The calls were made, with paths: the server had every chance to be sent the secret names.
    expect(result.stdout).toMatch(/peek \{"path":/);
  });
});
