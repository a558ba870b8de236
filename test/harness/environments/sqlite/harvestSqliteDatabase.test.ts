import { describe, expect, it } from 'vitest';
import { harvestSqliteDatabase } from '../../../../harness/environments/sqlite/harvestSqliteDatabase.js';
import { readSqliteDatabase } from '../../../../harness/environments/sqlite/sqliteDatabase.js';
import { TestDatabase } from './sqliteFixture.js';

describe('harvestSqliteDatabase', () => {
  it('offers rows whole as records, for arguments that name several columns of one row together', () => {
    using db = new TestDatabase(
      'wal',
      `create table relations (id integer primary key, source text, target text, relation_type text, note text);
       insert into relations (source, target, relation_type, note) values ('ada', 'alan', 'mentors', '${'x'.repeat(300)}');`,
    );
    const records = harvestSqliteDatabase(readSqliteDatabase(db.files())).filter(
      (value) => value.kind === 'record',
    );
    expect(records).toEqual([
      {
        kind: 'record',
        value: 'relations',
        record: { id: 1, source: 'ada', target: 'alan', relation_type: 'mentors' },
      },
    ]);
  });

  it('offers table names, key and unique values as identifiers, short texts as names', () => {
    using db = new TestDatabase(
      'wal',
      `create table todos (id integer primary key, title text, body text);
       create table users (email text unique, nick text, bio text);
       create table slugs (slug text, n int); create unique index slugs_slug on slugs (slug);
       insert into todos (title, body) values ('milk', '${'long '.repeat(20)}');
       insert into users values ('a@b.c', 'ann', null);
       insert into slugs values ('first-post', 3);`,
    );
    const values = harvestSqliteDatabase(readSqliteDatabase(db.files()));
    expect(values).toEqual(
      expect.arrayContaining([
        { kind: 'table', value: 'todos' },
        { kind: 'table', value: 'users' },
        { kind: 'identifier', value: '1' },
        { kind: 'identifier', value: 'a@b.c' },
        { kind: 'identifier', value: 'first-post' },
        { kind: 'name', value: 'milk' },
        { kind: 'name', value: 'ann' },
      ]),
    );
    expect(values.some((value) => value.value.startsWith('long'))).toBe(false);
    expect(values.some((value) => value.value === '3' && value.kind === 'identifier')).toBe(false);
  });

  it('offers each table as a relation the SQL generator can build statements over', () => {
    using db = new TestDatabase(
      'wal',
      `create table todos (id integer primary key, title text not null, done int default 0);
       create table tags (name text primary key, color text) without rowid;
       insert into todos (title) values ('milk'), ('eggs');
       insert into tags values ('home', 'red');`,
    );
    const relations = harvestSqliteDatabase(readSqliteDatabase(db.files())).filter(
      (value) => value.kind === 'relation',
    );
    expect(relations.map((value) => value.relation)).toEqual([
      {
        dialect: 'sqlite',
        name: 'todos',
        columns: [
          { name: 'id', type: 'integer', nullable: true, hasDefault: true },
          { name: 'title', type: 'text', nullable: false, hasDefault: false },
          { name: 'done', type: 'int', nullable: true, hasDefault: true },
        ],
        key: ['id'],
        keyValues: [{ id: 1 }, { id: 2 }],
      },
      {
        dialect: 'sqlite',
        name: 'tags',
        columns: [
          { name: 'name', type: 'text', nullable: true, hasDefault: false },
          { name: 'color', type: 'text', nullable: true, hasDefault: false },
        ],
        key: ['name'],
        keyValues: [{ name: 'home' }],
      },
    ]);
  });
});
