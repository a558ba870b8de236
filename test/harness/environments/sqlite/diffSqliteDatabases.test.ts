import { describe, expect, it } from 'vitest';
import type { Change } from '../../../../harness/environments/change.js';
import {
  diffSqliteDatabases,
  SQLITE_CHANGE_LIMIT,
} from '../../../../harness/environments/sqlite/diffSqliteDatabases.js';
import { readSqliteDatabase } from '../../../../harness/environments/sqlite/sqliteDatabase.js';
import type { Journal } from './sqliteFixture.js';
import { TestDatabase } from './sqliteFixture.js';

const TODOS = `create table todos (id integer primary key autoincrement, title text not null, done int not null default 0);
  insert into todos (title) values ('milk'), ('eggs'), ('bread');`;

/** The changes a statement makes, as `kind entity (detail)` lines. */
function changesOf(db: TestDatabase, sql: string): string[] {
  const before = readSqliteDatabase(db.files());
  db.exec(sql);
  const after = readSqliteDatabase(db.files());
  return diffSqliteDatabases('todo.db', before, after).map(line);
}

function line(change: Change): string {
  return `${change.kind} ${change.environment}:${change.entity} (${change.detail})`;
}

describe('diffSqliteDatabases: the journal mode', () => {
  it('shows a switch to WAL as a counter (set by many servers that only read), never a modify', () => {
    using db = new TestDatabase('delete', TODOS);
    expect(changesOf(db, 'pragma journal_mode = wal')).toEqual([
      'counter sqlite:todo.db#pragma.journal_mode (PRAGMA journal_mode: rollback → wal)',
    ]);
  });
});

describe.each<Journal>(['wal', 'delete'])('diffSqliteDatabases (%s journal)', (journal) => {
  it('reports an insert as an added row and the AUTOINCREMENT counter as a counter', () => {
    using db = new TestDatabase(journal, TODOS);
    expect(changesOf(db, "insert into todos (title) values ('tea')")).toEqual([
      'add sqlite:todo.db#todos(id=4) (row id=4, title="tea", done=0)',
      'counter sqlite:todo.db#sqlite_sequence(name="todos") (seq: 3 → 4)',
    ]);
  });

  it('reports an update column by column, and a delete as a deleted row', () => {
    using db = new TestDatabase(journal, TODOS);
    expect(changesOf(db, 'update todos set done = 1 where id = 2')).toEqual([
      'modify sqlite:todo.db#todos(id=2) (done: 0 → 1)',
    ]);
    expect(changesOf(db, 'delete from todos where id = 1')).toEqual([
      'delete sqlite:todo.db#todos(id=1) (row id=1, title="milk", done=0)',
    ]);
  });

  it('sees no change when nothing changed by meaning: same values written, a checkpoint, a VACUUM', () => {
    using db = new TestDatabase(journal, TODOS);
    expect(changesOf(db, 'update todos set title = title; select * from todos')).toEqual([]);
    expect(changesOf(db, journal === 'wal' ? 'pragma wal_checkpoint(TRUNCATE)' : 'vacuum')).toEqual([]);
    expect(changesOf(db, 'create table scratch (x); drop table scratch; vacuum')).toEqual([]);
  });

  it('sees the settings a PRAGMA persists in the header: user_version and application_id', () => {
    using db = new TestDatabase(journal, TODOS);
    expect(changesOf(db, 'pragma user_version = 7')).toEqual([
      'modify sqlite:todo.db#pragma.user_version (PRAGMA user_version: 0 → 7)',
    ]);
    expect(changesOf(db, 'pragma user_version = 7')).toEqual([]);
    expect(changesOf(db, 'pragma application_id = -2')).toEqual([
      'modify sqlite:todo.db#pragma.application_id (PRAGMA application_id: 0 → -2)',
    ]);
  });

  it('sees a change made only on an overflow page, the leaf page keeping its bytes', () => {
    // The same size written over a long value: SQLite rewrites the overflow pages in place and leaves the
    // cell, its local bytes and its overflow pointer as they were.
    using db = new TestDatabase(
      journal,
      "create table notes (id integer primary key, body text); insert into notes values (1, printf('%.9000c', 'a'));",
    );
    expect(changesOf(db, "update notes set body = printf('%.8999c', 'a') || 'b' where id = 1")).toEqual([
      expect.stringMatching(/^modify sqlite:todo\.db#notes\(id=1\) \(body: "a+… → "a+…\)$/),
    ]);
  });

  it('reports schema changes: tables, columns, indexes, views, triggers', () => {
    using db = new TestDatabase(journal, TODOS);
    expect(
      changesOf(
        db,
        `create table tags (name text primary key); insert into tags values ('home');
         alter table todos add column due text default 'never';
         create index todos_done on todos(done);
         create view open_todos as select * from todos where done = 0;`,
      ),
    ).toEqual([
      'add sqlite:todo.db#open_todos (view: CREATE VIEW open_todos as select * from todos where done = 0)',
      'add sqlite:todo.db#tags (table: CREATE TABLE tags (name text primary key))',
      'add sqlite:todo.db#tags(name="home") (row name="home")',
      "add sqlite:todo.db#todos.due (column due text DEFAULT 'never')",
      'add sqlite:todo.db#todos_done (index: CREATE INDEX todos_done on todos(done))',
    ]);
    expect(changesOf(db, 'drop view open_todos; drop table tags; drop index todos_done')).toEqual([
      'delete sqlite:todo.db#open_todos (view: CREATE VIEW open_todos as select * from todos where done = 0)',
      'delete sqlite:todo.db#tags (table: CREATE TABLE tags (name text primary key))',
      'delete sqlite:todo.db#todos_done (index: CREATE INDEX todos_done on todos(done))',
    ]);
  });

  it('explains churn: rows deleted and inserted again with the same content under new generated keys', () => {
    using db = new TestDatabase(
      journal,
      `create table observations (id integer primary key autoincrement, entity text, content text,
         created_at datetime default current_timestamp);
       insert into observations (entity, content, created_at) values ('a', 'x', '2024-01-01'), ('a', 'y', '2024-01-01'), ('b', 'z', '2024-01-01');
       create table tags (name text primary key, n int); insert into tags values ('t', 1);`,
    );
    expect(
      changesOf(
        db,
        `delete from observations where entity = 'a';
         insert into observations (entity, content) values ('a', 'x'), ('a', 'w');
         delete from tags; insert into tags values ('u', 1);`,
      ),
    ).toEqual([
      'delete sqlite:todo.db#observations(id=1) (row id=1, entity="a", content="x", created_at="2024-01-01"; re-inserted as id=4 with the same content (created_at aside: the time of the insert))',
      'delete sqlite:todo.db#observations(id=2) (row id=2, entity="a", content="y", created_at="2024-01-01")',
      'delete sqlite:todo.db#tags(name="t") (row name="t", n=1)',
      expect.stringMatching(
        /^add sqlite:todo\.db#observations\(id=4\) \(row id=4, entity="a", content="x", created_at="[^"]+"; id=1 re-inserted with the same content \(created_at aside: the time of the insert\)\)$/,
      ),
      expect.stringMatching(
        /^add sqlite:todo\.db#observations\(id=5\) \(row id=5, entity="a", content="w", created_at="[^"]+"\)$/,
      ),
      'add sqlite:todo.db#tags(name="u") (row name="u", n=1)',
      'counter sqlite:todo.db#sqlite_sequence(name="observations") (seq: 3 → 5)',
    ]);
  });

  it('names rows of tables without a declared key by rowid, and of WITHOUT ROWID tables by their key', () => {
    using db = new TestDatabase(
      journal,
      `create table log (message text); insert into log values ('a');
       create table kv (k text, ns text, v, primary key (ns, k)) without rowid; insert into kv values ('a', 'x', 1);`,
    );
    expect(changesOf(db, "insert into log values ('b'); update kv set v = 2")).toEqual([
      'modify sqlite:todo.db#kv(ns="x", k="a") (v: 1 → 2)',
      'add sqlite:todo.db#log(rowid=2) (row message="b")',
    ]);
  });

  it(`lists ${SQLITE_CHANGE_LIMIT} row changes and summarises the rest with the most destructive kind`, () => {
    using db = new TestDatabase(journal, TODOS);
    const changes = changesOf(
      db,
      "insert into todos (title) select 'n' || value from generate_series(1, 100); delete from todos where id = 1",
    );
    expect(changes.filter((change) => change.includes('#todos('))).toHaveLength(SQLITE_CHANGE_LIMIT);
    expect(changes).toContain('add sqlite:todo.db (51 more row changes not listed (51 add))');
    expect(changes[0]).toBe('delete sqlite:todo.db#todos(id=1) (row id=1, title="milk", done=0)');
  });
});
