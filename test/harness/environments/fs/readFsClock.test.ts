import { existsSync, lstatSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandboxes } from './sandboxFixture.js';

const { tempDir, sandbox, provider } = useSandboxes();

describe('the fs clock file', () => {
  it('is only ever written through the handle opened at creation: a link swapped in for it is never followed', async () => {
    const instance = await sandbox();
    const clock = `${instance.root}.clock`;
    const outside = await tempDir();
    const canary = join(outside, 'canary');
    writeFileSync(canary, 'untouched');
    const before = lstatSync(canary, { bigint: true });
    const missing = join(outside, 'created-by-root');
    // What a server that could write the run directory would do: the clock becomes a link, twice.
    renameSync(clock, `${clock}.old`);
    symlinkSync(canary, clock);
    await instance.snapshot();
    symlinkSync(missing, `${clock}.new`);
    renameSync(`${clock}.new`, clock);
    await instance.snapshot();
    expect(readFileSync(canary, 'utf8')).toBe('untouched');
    expect(lstatSync(canary, { bigint: true }).mtimeNs).toBe(before.mtimeNs);
    expect(existsSync(missing)).toBe(false);
  });

  it('refuses to start over an existing name (a link planted before the instance existed)', async () => {
    const run = await tempDir();
    const canary = join(await tempDir(), 'canary');
    writeFileSync(canary, 'untouched');
    symlinkSync(canary, join(run, 'fs.clock'));
    await expect((await provider()).create(run)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(canary, 'utf8')).toBe('untouched');
    // Nothing of the failed instance is left behind.
    expect(existsSync(join(run, 'fs'))).toBe(false);
  });
});
