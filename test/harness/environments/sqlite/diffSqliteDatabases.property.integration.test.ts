import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffSqliteDatabases } from '../../../../harness/environments/sqlite/diffSqliteDatabases.js';
import { readSqliteDatabase } from '../../../../harness/environments/sqlite/sqliteDatabase.js';
import type { Journal } from './sqliteFixture.js';
import { TestDatabase } from './sqliteFixture.js';

/** Statements over a table with few ids and values, so that updates to the same value and re-inserts are frequent. */
const statement = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1, max: 40 }), fc.constantFrom('a', 'b', 'x'.repeat(3000)))
    .map(([id, v]) => `insert or replace into t (id, v) values (${id}, '${v}')`),
  fc.integer({ min: 1, max: 40 }).map((id) => `delete from t where id = ${id}`),
  fc
    .tuple(fc.integer({ min: 1, max: 40 }), fc.constantFrom('a', 'b'))
    .map(([id, v]) => `update t set v = '${v}' where id = ${id}`),
  fc
    .integer({ min: 1, max: 200 })
    .map((n) => `insert into bulk (n) select value from generate_series(1, ${n})`),
  fc.constant('delete from bulk where rowid % 7 = 0'),
  fc.constant('select count(*) from t'),
);

describe.each<Journal>(['wal', 'delete'])('diffSqliteDatabases (property, %s journal)', (journal) => {
  it('reports a change exactly when the rows changed, and the rows that did', () => {
    fc.assert(
      fc.property(fc.array(statement, { minLength: 1, maxLength: 8 }), (statements) => {
        using db = new TestDatabase(
          journal,
          'create table t (id integer primary key, v text); create table bulk (n int);',
        );
        let previous = readSqliteDatabase(db.files());
        for (const sql of statements) {
          const rowsBefore = db.rows('t');
          const bulkBefore = db.rows('bulk');
          db.exec(sql);
          const current = readSqliteDatabase(db.files());
          const changes = diffSqliteDatabases('db', previous, current);
          const rowsChanged = JSON.stringify(rowsBefore) !== JSON.stringify(db.rows('t'));
          const bulkChanged = JSON.stringify(bulkBefore) !== JSON.stringify(db.rows('bulk'));
          expect(
            changes.some((change) => change.entity.startsWith('db#t(')),
            sql,
          ).toBe(rowsChanged);
          expect(
            changes.some((change) => change.entity.startsWith('db#bulk(') || change.entity === 'db'),
            sql,
          ).toBe(bulkChanged);
          const ids = (kind: string) =>
            changes
              .filter((change) => change.kind === kind && change.entity.startsWith('db#t('))
              .map((change) => Number(/id=(\d+)/.exec(change.entity)?.[1]))
              .sort((a, b) => a - b);
          const idsOf = (rows: string[]) => rows.map((row) => Number(/id=i(\d+)/.exec(row)?.[1]));
          const was = new Set(idsOf(rowsBefore));
          const is = new Set(idsOf(db.rows('t')));
          expect(ids('add')).toEqual([...is].filter((id) => !was.has(id)).sort((a, b) => a - b));
          expect(ids('delete')).toEqual([...was].filter((id) => !is.has(id)).sort((a, b) => a - b));
          previous = current;
        }
      }),
      { numRuns: 25, seed: 7 },
    );
  });
});

describe('WAL applied = checkpointed content (property)', () => {
  it('the database read through its WAL differs in nothing from the same database checkpointed', () => {
    fc.assert(
      fc.property(fc.array(statement, { minLength: 1, maxLength: 10 }), (statements) => {
        using db = new TestDatabase(
          'wal',
          'create table t (id integer primary key, v text); create table bulk (n int);',
        );
        for (const sql of statements) db.exec(sql);
        const throughWal = readSqliteDatabase(db.files());
        db.checkpoint();
        const checkpointed = readSqliteDatabase(db.files());
        expect(checkpointed.image.walFrames).toBe(0);
        expect(diffSqliteDatabases('db', throughWal, checkpointed)).toEqual([]);
        expect(diffSqliteDatabases('db', checkpointed, throughWal)).toEqual([]);
      }),
      { numRuns: 25, seed: 11 },
    );
  });
});
