import { mkdirSync, mkdtempSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Directory } from '../../../harness/tree/index.js';

const root = mkdtempSync(join(tmpdir(), 'hintproof-directory-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('Directory (synchronous calls behind promises)', () => {
  it('rejects, never throws, when a call fails', async () => {
    mkdirSync(join(root, 'a'));
    writeFileSync(join(root, 'a', 'file'), 'x');
    symlinkSync('/etc', join(root, 'a', 'link'));
    await using directory = await Directory.open(join(root, 'a'));
    // Each failure arrives as a rejected promise (a caller's .catch sees it), with the errno code.
    const missing = directory.openChild('missing');
    await expect(missing).rejects.toMatchObject({ code: 'ENOENT' });
    // A link is never followed (Linux says ENOTDIR for O_DIRECTORY|O_NOFOLLOW on one).
    const notFollowed = { code: expect.stringMatching(/^(ELOOP|ENOTDIR)$/) as unknown };
    await expect(directory.openChild('link')).rejects.toMatchObject(notFollowed);
    await expect(directory.openChild('file')).rejects.toMatchObject({ code: 'ENOTDIR' });
    await expect(directory.lstat('missing')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(Directory.open(join(root, 'a', 'link'))).rejects.toMatchObject(notFollowed);
    expect((await directory.names()).sort()).toEqual(['file', 'link']);
    expect((await directory.lstat('link')).isSymbolicLink()).toBe(true);
  });

  it('closes its fd once, whatever the number is used for afterwards', async () => {
    mkdirSync(join(root, 'b'));
    const directory = await Directory.open(join(root, 'b'));
    const fd = directory.fd;
    await directory.close();
    // The fd number is free: the next open takes it. Closing the directory again must not close that file.
    await using reused = await Directory.open(root);
    expect(reused.fd).toBe(fd);
    await directory.close();
    expect(readlinkSync(`/proc/self/fd/${fd}`)).toBe(root);
  });
});
