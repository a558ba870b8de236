import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EarlierRead, HashedFile } from '../../../../harness/environments/fs/hashFile.js';
import { hashFile } from '../../../../harness/environments/fs/hashFile.js';
import type { FsEntry } from '../../../../harness/environments/fs/fsEntry.js';
import { keepPages } from '../../../../harness/environments/fs/keptPages.js';
import { diffFsSnapshots } from '../../../../harness/environments/fs/diffFsSnapshots.js';
import { diffSqliteFiles } from '../../../../harness/environments/fs/sqliteFiles.js';
import { fileRange } from '../../../../harness/environments/sqlite/filePages.js';
import { declaredPageSize } from '../../../../harness/environments/sqlite/sqliteImage.js';
import { diffSqliteDatabases } from '../../../../harness/environments/sqlite/diffSqliteDatabases.js';
import { readSqliteDatabase } from '../../../../harness/environments/sqlite/sqliteDatabase.js';
import { TestDatabase } from '../sqlite/sqliteFixture.js';

/** Bytes `length` long, each its index times `seed`, so that every page differs from every other. */
function bytesOf(length: number, seed = 7): Buffer {
  return Buffer.from(Array.from({ length }, (_, i) => (i * seed + (i >> 9)) & 0xff));
}

/** Reads the database at `path` as a snapshot would (bytes mode `sqlite`), going on from `from`. */
async function read(path: string, from?: EarlierRead): Promise<HashedFile> {
  const handle = await open(path, 'r');
  try {
    return await hashFile(handle, await handle.stat({ bigint: true }), [], 'none', 'sqlite', from);
  } finally {
    await handle.close();
  }
}

describe('keepPages', () => {
  it('splits at the page size, the last page shorter, and shares the pages that did not change', () => {
    const first = bytesOf(512 * 3 + 100);
    const a = keepPages(first, 512, true);
    expect(a.pages.map((page) => page.length)).toEqual([512, 512, 512, 100]);
    expect(Buffer.concat(a.pages)).toEqual(first);
    const changed = Buffer.from(first);
    changed[600] = (changed[600] as number) ^ 1;
    const b = keepPages(changed, 512, false, a);
    expect(b.pages[0]).toBe(a.pages[0]);
    expect(b.pages[1]).not.toBe(a.pages[1]);
    expect(b.pages[2]).toBe(a.pages[2]);
    expect(b.pages[3]).toBe(a.pages[3]);
    expect(b.digests[0]).toBe(a.digests[0]);
    expect(Buffer.concat(b.pages)).toEqual(changed);
    // Not owned: the changed page is a copy, so the buffer it was read into may be written again.
    const expected = Buffer.from(changed.subarray(512, 1024));
    changed.fill(0);
    expect(Buffer.from(b.pages[1] as Uint8Array)).toEqual(expected);
  });

  it('gives a digest that depends on the bytes alone, never on what was shared', () => {
    const content = bytesOf(4096 * 4);
    const alone = keepPages(content, 4096, true);
    const other = keepPages(bytesOf(4096 * 4, 11), 4096, true);
    const fromOther = keepPages(Buffer.from(content), 4096, false, other);
    const fromItself = keepPages(Buffer.from(content), 4096, false, alone);
    expect(fromOther.sha256).toBe(alone.sha256);
    expect(fromItself.sha256).toBe(alone.sha256);
    expect(other.sha256).not.toBe(alone.sha256);
    // One byte more, or the same bytes cut at another page size: another digest.
    expect(keepPages(bytesOf(4096 * 4 + 1), 4096, true).sha256).not.toBe(alone.sha256);
    expect(keepPages(content, 1024, true).sha256).not.toBe(alone.sha256);
  });

  it('reads the page size a header declares, 1 meaning 65536, and refuses others', () => {
    const header = (high: number, low: number) => Buffer.from([...Buffer.alloc(16), high, low]);
    expect(declaredPageSize(header(0x10, 0x00))).toBe(4096);
    expect(declaredPageSize(header(0x00, 0x01))).toBe(65536);
    expect(declaredPageSize(header(0x03, 0x00))).toBeUndefined();
    expect(declaredPageSize(header(0x01, 0x00))).toBeUndefined();
    expect(declaredPageSize(Buffer.alloc(17))).toBeUndefined();
  });
});

describe('fileRange', () => {
  const pages = keepPages(bytesOf(1024 + 10), 512, true);
  it('gives a view inside one page and a copy across pages, clamped to the length', () => {
    const inside = fileRange(pages, 520, 600);
    expect(inside.buffer).toBe(pages.pages[1]?.buffer);
    expect(Buffer.from(inside)).toEqual(bytesOf(1034).subarray(520, 600));
    expect(Buffer.from(fileRange(pages, 500, 1030))).toEqual(bytesOf(1034).subarray(500, 1030));
    expect(Buffer.from(fileRange(pages, 1000, 5000))).toEqual(bytesOf(1034).subarray(1000));
    expect(fileRange(pages, 2000, 3000).length).toBe(0);
  });
});

describe('a SQLite database read as pages', () => {
  const SCHEMA = 'create table t (id integer primary key, name text, n integer)';

  it('shares every page a one-row update left alone, with the digest and rows of a fresh read', async () => {
    using db = new TestDatabase('delete', SCHEMA);
    db.exec(
      "with recursive g(x) as (select 1 union all select x + 1 from g where x < 5000) insert into t (name, n) select 'row ' || x, 0 from g",
    );
    const first = await read(db.path);
    expect(first.pages?.pages.length).toBeGreaterThan(20);
    expect(first.bytes).toBeUndefined();
    db.exec('update t set n = 1 where id = 2500');
    const goneOn = await read(db.path, first.point);
    const fresh = await read(db.path);
    expect(goneOn.sha256).toBe(fresh.sha256);
    expect(goneOn.sha256).not.toBe(first.sha256);
    const shared = goneOn.pages?.pages.filter((page, i) => page === first.pages?.pages[i]).length ?? 0;
    expect(shared).toBeGreaterThanOrEqual((goneOn.pages?.pages.length ?? 0) - 3);
    expect(Buffer.concat(goneOn.pages?.pages ?? [])).toEqual(Buffer.from(db.files().main));
    // The b-tree diff reads pages as the file's bytes would give them.
    const before = readSqliteDatabase({ main: first.pages ?? new Uint8Array() });
    const after = readSqliteDatabase({ main: goneOn.pages ?? new Uint8Array() });
    expect(diffSqliteDatabases('test.db', before, after).map((change) => change.entity)).toEqual([
      'test.db#t(id=2500)',
    ]);
    expect(diffSqliteDatabases('test.db', after, readSqliteDatabase(db.files()))).toEqual([]);
  });

  it('never lets a later read change the pages an earlier one handed out', async () => {
    using one = new TestDatabase('delete', SCHEMA);
    using two = new TestDatabase('delete', SCHEMA);
    one.exec("insert into t (name, n) values ('one', 1)");
    two.exec("insert into t (name, n) values ('two', 2)");
    const a = await read(one.path);
    one.exec("insert into t (name, n) values ('one again', 1)");
    const a2 = await read(one.path, a.point);
    const kept = Buffer.concat(a2.pages?.pages ?? []);
    // The next read goes through the same spare buffer.
    const b = await read(two.path, (await read(two.path)).point);
    expect(b.pages).toBeDefined();
    expect(Buffer.concat(a2.pages?.pages ?? [])).toEqual(kept);
    expect(kept).toEqual(Buffer.from(one.files().main));
  });
});

describe('a file that only starts like a SQLite database (hostile bytes)', () => {
  it('is kept as pages and reported as one file-level change, never an internal error', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'hintproof-pages-'));
    try {
      const path = join(directory, 'fake.db');
      // The magic and a page size of 512, then bytes no b-tree ever held.
      const header = Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.from([0x02, 0x00])]);
      writeFileSync(path, Buffer.concat([header, bytesOf(512 * 40)]));
      const first = await read(path);
      expect(first.pages?.pageSize).toBe(512);
      writeFileSync(path, Buffer.concat([header, bytesOf(512 * 40, 13)]));
      const second = await read(path, first.point);
      const entry = (read: HashedFile): FsEntry => ({
        type: 'file',
        mode: 0o644,
        size: read.size,
        sha256: read.sha256,
        ...(read.pages === undefined ? {} : { pages: read.pages }),
      });
      const diff = diffSqliteFiles(
        new Map([['fake.db', entry(first)]]),
        new Map([['fake.db', entry(second)]]),
        'sqlite:',
      );
      // Left to the file-level diff (compared as bytes), with the reason as its note.
      expect(diff.changes).toEqual([]);
      expect(diff.handled).toEqual(new Set());
      expect(diff.notUnderstood.get('fake.db')).toMatch(/^not understood as SQLite: /);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('a database swapped for a link', () => {
  it('is left to the file-level diff, which says what it became, never read as a database', async () => {
    using db = new TestDatabase('delete', 'create table t (id integer primary key)');
    const file = await read(db.path);
    const before: FsEntry = {
      type: 'file',
      mode: 0o644,
      size: file.size,
      sha256: file.sha256,
      ...(file.pages === undefined ? {} : { pages: file.pages }),
    };
    const link: FsEntry = { type: 'symlink', mode: 0o777, size: 11, target: '/etc/passwd' };
    const sqlite = diffSqliteFiles(new Map([['seed.db', before]]), new Map([['seed.db', link]]), 'sqlite:');
    expect(sqlite).toEqual({ changes: [], handled: new Set(), notUnderstood: new Map() });
    const snapshot = (entry: FsEntry) =>
      ({ environment: 'fs', entries: new Map([['seed.db', entry]]) }) as const;
    expect(diffFsSnapshots(snapshot(before), snapshot(link))).toEqual([
      { kind: 'modify', environment: 'fs', entity: 'seed.db', detail: 'file → symlink' },
    ]);
  });
});
