import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guardDisk } from '../../../harness/process/diskGuard.js';

const work = mkdtempSync(join(tmpdir(), 'disk-guard-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Resolves with the guard's reason once it fires (the test times out if it never does). */
const fired = (directory: string, entries: number) =>
  new Promise<string>((resolve) => {
    const guard = guardDisk(
      directory,
      { bytes: 1024 ** 3, entries },
      (reason) => {
        guard.stop();
        resolve(reason);
      },
      10,
    );
  });

describe('guardDisk', () => {
  it('stops a server past the entries limit, saying how many it made', async () => {
    const directory = mkdtempSync(join(work, 'many-'));
    const reason = fired(directory, 5);
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let index = 0; index < 20; index++) mkdirSync(join(directory, `d${index}`));
    expect(await reason).toMatch(
      /^the server made 20 files and directories in its sandbox, over the limit of 5/,
    );
  });

  it('stops a server that nests directories deeper than any walk goes, rather than lose count of them', async () => {
    const directory = mkdtempSync(join(work, 'deep-'));
    const reason = fired(directory, 5);
    await new Promise((resolve) => setTimeout(resolve, 50));
    mkdirSync(join(directory, ...Array<string>(300).fill('d')), { recursive: true });
    expect(await reason).toBe(
      'the server nested directories more than 256 levels deep in its sandbox, and was stopped',
    );
  });
});
