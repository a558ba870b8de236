import { describe, expect, it } from 'vitest';
import { harvestSqliteDatabase } from '../../../../harness/environments/sqlite/harvestSqliteDatabase.js';
import { readSqliteDatabase } from '../../../../harness/environments/sqlite/sqliteDatabase.js';
import { TestDatabase } from './sqliteFixture.js';

describe('harvestSqliteDatabase', () => {
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
});
