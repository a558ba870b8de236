import { createHash } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EarlierRead } from '../../../../harness/environments/fs/hashFile.js';
import { hashFile } from '../../../../harness/environments/fs/hashFile.js';

const root = mkdtempSync(join(tmpdir(), 'hintproof-hash-file-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Hashes the file as a snapshot would, keeping its bytes whole (a `-wal`), from `from` when given. */
async function hash(
  path: string,
  prefixLengths: readonly number[],
  from?: EarlierRead,
  textMode: 'none' | 'sniff' = 'none',
) {
  const handle = await open(path, 'r');
  try {
    return await hashFile(handle, await handle.stat({ bigint: true }), prefixLengths, textMode, 'keep', from);
  } finally {
    await handle.close();
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const block = (fill: number, length: number) => Buffer.alloc(length, fill);

describe('hashFile going on from an earlier read', () => {
  it('reads a file that only grew to the same result as a whole read', async () => {
    const path = join(root, 'grows.db-wal');
    writeFileSync(path, block(1, 100_000));
    const first = await hash(path, []);
    expect(first.point?.sha256).toBe(first.sha256);
    appendFileSync(path, block(2, 150_000));
    const whole = await hash(path, [100_000, 50]);
    const goneOn = await hash(path, [100_000, 50], first.point);
    expect(goneOn.sha256).toBe(sha256(Buffer.concat([block(1, 100_000), block(2, 150_000)])));
    expect(goneOn.sha256).toBe(whole.sha256);
    expect(goneOn.size).toBe(250_000);
    expect(Buffer.from(goneOn.bytes ?? [])).toEqual(Buffer.from(whole.bytes ?? []));
    // The boundary at the earlier size comes from the earlier read; one it never hashed makes a whole read.
    expect(goneOn.prefixes).toEqual(whole.prefixes);
    expect(goneOn.prefixes.find((prefix) => prefix.length === 100_000)?.sha256).toBe(first.sha256);
    // And the next read goes on from this one.
    appendFileSync(path, block(3, 10));
    const third = await hash(path, [100_000, 250_000], goneOn.point);
    expect(third.sha256).toBe(sha256(Buffer.concat([block(1, 100_000), block(2, 150_000), block(3, 10)])));
  });

  it('never trusts the earlier bytes: a file changed before its old end is read whole', async () => {
    const path = join(root, 'rewritten.db-wal');
    writeFileSync(path, block(1, 100_000));
    const first = await hash(path, []);
    // The same length and more, one byte in the middle changed (a server rewriting a log in place).
    const changed = Buffer.concat([block(1, 100_000), block(2, 1000)]);
    changed[50_000] = 9;
    writeFileSync(path, changed);
    const read = await hash(path, [100_000], first.point);
    expect(read.sha256).toBe(sha256(changed));
    expect(Buffer.from(read.bytes ?? [])).toEqual(changed);
    expect(read.prefixes).toEqual([{ length: 100_000, sha256: sha256(changed.subarray(0, 100_000)) }]);
    // Shorter than before: read whole too.
    writeFileSync(path, block(1, 10));
    expect((await hash(path, [], first.point)).sha256).toBe(sha256(block(1, 10)));
  });

  it('goes on from a file sniffed for text only once its bytes decided against it (a NUL byte)', async () => {
    const path = join(root, 'sniffed-wal');
    writeFileSync(path, block(0x00, 1000));
    const first = await hash(path, [], undefined, 'sniff');
    expect(first.text).toBeUndefined();
    appendFileSync(path, block(0x7b, 10));
    const grown = await hash(path, [], first.point, 'sniff');
    expect(grown.sha256).toBe(sha256(Buffer.concat([block(0x00, 1000), block(0x7b, 10)])));
    expect(grown.text).toBeUndefined();
    // Text is kept, and a file whose text was kept leaves no point to go on from.
    writeFileSync(path, '# notes\n');
    const text = await hash(path, [], undefined, 'sniff');
    expect(text.text).toBe('# notes\n');
    expect(text.point).toBeUndefined();
  });
});
