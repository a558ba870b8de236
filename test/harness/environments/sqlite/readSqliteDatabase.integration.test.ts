import { copyFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recordPages } from '../../../../harness/environments/sqlite/btree.js';
import type { SqliteDatabase } from '../../../../harness/environments/sqlite/sqliteDatabase.js';
import { readSqliteDatabase } from '../../../../harness/environments/sqlite/sqliteDatabase.js';
import { rowsOfPages } from '../../../../harness/environments/sqlite/tableRows.js';
import { readWal } from '../../../../harness/environments/sqlite/walFrames.js';
import type { Journal } from './sqliteFixture.js';
import { canonicalRows, readFiles, TestDatabase } from './sqliteFixture.js';

/** Every row of a table as this reader decodes it, canonical like the oracle's. */
function readerRows(database: SqliteDatabase, name: string): string[] {
  const table = database.schema.tables.get(name);
  if (table === undefined) throw new Error(`no table ${name}`);
  return canonicalRows(
    rowsOfPages(database.image, table, recordPages(database.image, table.rootPage)).map((row) => row.row),
  );
}

const SCHEMA = `
  create table todos (id integer primary key autoincrement, title text not null, done int default 0, score real, data blob);
  create table tags (name text primary key, color text) ;
  create table pairs (a int, b text, c, primary key (b, a)) without rowid;
  create table plain (x, y);
  create table computed (a int, b int, s int as (a + b) virtual, t text generated always as (b || 'x') stored);
  create index todos_title on todos(title);
`;

function fill(db: TestDatabase, rows: number): void {
  const insert = db.db.prepare('insert into todos (title, done, score, data) values (?, ?, ?, ?)');
  for (let i = 0; i < rows; i++)
    insert.run(`todo ${i} ${'x'.repeat(i % 7 === 0 ? 5000 : 3)}`, i % 2, i / 3, Buffer.from([i % 256, 1, 2]));
  db.exec(`insert into tags values ('red', 'f00'), ('blue', null);
    insert into pairs values (1, 'one', 1.5), (2, 'two', x'00ff'), (-7, 'neg', 'text');
    insert into plain values (1, 2), (1, 2), (null, 'a');
    insert into computed (a, b) values (1, 2), (3, 4);`);
}

describe.each<Journal>(['delete', 'wal'])('readSqliteDatabase (%s journal)', (journal) => {
  it('reads every table as SQLite does, overflow pages, keys and generated columns included', () => {
    using db = new TestDatabase(journal, SCHEMA);
    fill(db, 400);
    const read = readSqliteDatabase(db.files());
    for (const table of ['todos', 'tags', 'pairs', 'plain', 'computed']) {
      const expected =
        table === 'computed'
          ? canonicalRows(db.db.prepare('select a, b, t from computed').all() as never)
          : db.rows(table);
      expect(readerRows(read, table), table).toEqual(expected);
    }
    expect(read.schema.tables.get('sqlite_sequence')?.role).toBe('sequence');
    if (journal === 'wal') {
      expect(existsSync(`${db.path}-wal`)).toBe(true);
      expect(read.image.walFrames).toBeGreaterThan(0);
    }
  });

  it('gives columns added later their default in rows written before', () => {
    using db = new TestDatabase(journal, 'create table t (id integer primary key, a text);');
    db.exec(`insert into t (a) values ('old');
      alter table t add column b int default 7;
      alter table t add column c text default 'x''y';
      alter table t add column d;
      insert into t (a, b, c, d) values ('new', 1, 'z', 2.5);`);
    expect(readerRows(readSqliteDatabase(db.files()), 't')).toEqual(db.rows('t'));
  });

  it('reads a UTF-16 database', () => {
    using db = new TestDatabase(
      journal,
      "pragma encoding = 'UTF-16be'; create table t (id integer primary key, s text);",
    );
    db.exec("insert into t (s) values ('héllo ☃'), ('𝄞')");
    const read = readSqliteDatabase(db.files());
    expect(read.image.encoding).toBe('utf-16be');
    expect(readerRows(read, 't')).toEqual(db.rows('t'));
  });
});

describe('readSqliteDatabase (committed state)', () => {
  it('applies only committed WAL frames: the same rows as the checkpointed file', () => {
    using db = new TestDatabase('wal', SCHEMA);
    fill(db, 300);
    db.exec(
      "update todos set done = 1 where id % 3 = 0; delete from todos where id % 5 = 0; insert into tags values ('green', '0f0')",
    );
    const fromWal = readSqliteDatabase(db.files());
    const walBytes = readFiles(db.path).wal?.length ?? 0;
    expect(walBytes).toBeGreaterThan(0);
    db.checkpoint();
    const checkpointed = readSqliteDatabase(db.files());
    expect(checkpointed.image.walFrames).toBe(0);
    for (const table of ['todos', 'tags', 'pairs', 'plain']) {
      expect(readerRows(fromWal, table)).toEqual(readerRows(checkpointed, table));
    }
  });

  it('ignores the frames of a transaction still open, and a torn tail', () => {
    using db = new TestDatabase('wal', 'create table t (id integer primary key, s text);');
    db.exec("insert into t (s) values ('committed')");
    db.exec("begin; insert into t (s) select 'open ' || value from generate_series(1, 2000);");
    // Force the open transaction's pages into the WAL (a cache spill), without a commit frame.
    db.db.pragma('cache_size = 1');
    db.exec("insert into t (s) select 'more ' || value from generate_series(1, 2000);");
    const files = db.files();
    const read = readSqliteDatabase(files);
    expect(readerRows(read, 't')).toEqual(['id=i1|s=tcommitted']);
    const torn = { ...files, wal: files.wal?.subarray(0, (files.wal?.length ?? 0) - 100) };
    expect(readerRows(readSqliteDatabase(torn), 't')).toEqual(['id=i1|s=tcommitted']);
    db.exec('rollback');
  });

  it('reads a log once per bytes: the same bytes again give the same content, other bytes their own', () => {
    using db = new TestDatabase('wal', 'create table t (id integer primary key, s text);');
    db.exec("insert into t (s) values ('first')");
    const wal = db.files().wal ?? new Uint8Array();
    const pageSize = 4096;
    const once = readWal(wal, pageSize);
    expect(once.frames).toBeGreaterThan(0);
    expect(readWal(wal, pageSize)).toBe(once);
    // A copy is read on its own, to the same content; so is the same log at another page size (none: empty).
    expect(readWal(new Uint8Array(wal), pageSize)).not.toBe(once);
    expect(readWal(new Uint8Array(wal), pageSize).frames).toBe(once.frames);
    expect(readWal(wal, 1024).frames).toBe(0);
    expect(readWal(wal, pageSize).frames).toBe(once.frames);
  });

  it('reads a growing log on from the read of its beginning, to what SQLite reads, and trusts no earlier byte', () => {
    using db = new TestDatabase('wal', 'create table t (id integer primary key, s text);');
    const pageSize = 4096;
    let previous: Uint8Array = new Uint8Array();
    for (let i = 1; i <= 12; i++) {
      db.exec(`insert into t (s) values ('row ${i}')`);
      if (i === 6) {
        // A transaction's pages spilled into the log with no commit frame yet, then committed.
        db.exec("begin; insert into t (s) select 'spilled ' || value from generate_series(1, 500);");
        db.db.pragma('cache_size = 1');
        db.exec("insert into t (s) select 'more ' || value from generate_series(1, 500);");
        expect(readerRows(readSqliteDatabase(db.files()), 't')).toHaveLength(6);
        db.exec('commit');
      }
      if (i === 9) db.checkpoint();
      const files = db.files();
      expect(readerRows(readSqliteDatabase(files), 't')).toEqual(db.rows('t'));
      const wal = files.wal ?? new Uint8Array();
      if (i > 1 && i !== 9 && i !== 10) expect(wal.length).toBeGreaterThan(previous.length);
      previous = wal;
    }
    // A log that begins like one read before except for one byte of an early frame: the frame fails its
    // checksum, and so does every frame after it, as SQLite reads it.
    const grown = readWal(previous, pageSize);
    const flipped = new Uint8Array(previous);
    const early = 32 + 24 + 100;
    flipped[early] = (flipped[early] ?? 0) ^ 0xff;
    expect(grown.frames).toBeGreaterThan(0);
    expect(readWal(flipped, pageSize).frames).toBe(0);
  });

  it('rolls back a hot journal in memory: the committed rows, not the half-written file', () => {
    using db = new TestDatabase('delete', 'create table t (id integer primary key, s text);');
    db.exec("insert into t (s) values ('committed')");
    db.db.pragma('cache_size = 1');
    db.exec(
      "begin; insert into t (s) select 'open ' || value from generate_series(1, 3000); update t set s = 'changed' where id = 1;",
    );
    // A copy taken now is what a crash would leave: a database file written past its commit, and its journal.
    const copy = `${db.path}.copy`;
    copyFileSync(db.path, copy);
    copyFileSync(`${db.path}-journal`, `${copy}-journal`);
    const files = readFiles(copy);
    expect(files.journal).toBeDefined();
    const read = readSqliteDatabase(files);
    expect(read.image.rolledBack).toBe(true);
    expect(readerRows(read, 't')).toEqual(['id=i1|s=tcommitted']);
    db.exec('rollback');
  });

  it('never writes the files it reads', () => {
    using db = new TestDatabase('wal', SCHEMA);
    fill(db, 50);
    const before = db.files();
    readSqliteDatabase(before);
    const after = db.files();
    expect(Buffer.compare(Buffer.from(after.main), Buffer.from(before.main))).toBe(0);
    expect(Buffer.compare(Buffer.from(after.wal ?? []), Buffer.from(before.wal ?? []))).toBe(0);
  });
});
