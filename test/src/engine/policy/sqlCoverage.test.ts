import { describe, expect, it } from 'vitest';
import {
  recordSqlWrites,
  sqlProperties,
  unexercisedWrites,
  writesSql,
} from '../../../../src/engine/policy/sqlCoverage.js';

describe('sqlProperties', () => {
  it('finds the top-level strings that surely carry SQL, not a search box', () => {
    const tool = {
      description: 'Execute arbitrary SQL statements',
      inputSchema: {
        type: 'object',
        properties: {
          sql: { type: 'string' },
          connectionString: { type: 'string' },
          parameters: { type: 'array' },
          query: { type: 'string', description: 'Words to search notes for' },
        },
      },
    };
    expect(sqlProperties(tool)).toEqual(['sql']);
    expect(sqlProperties({ inputSchema: { type: 'object' } })).toEqual([]);
    expect(sqlProperties({ inputSchema: true })).toEqual([]);
  });
});

describe('writesSql', () => {
  it('knows a write however it is disguised, and a read', () => {
    expect(writesSql('DELETE FROM "t" WHERE "id" = 1')).toBe(true);
    expect(writesSql('SELECT 1; INSERT INTO t DEFAULT VALUES')).toBe(true);
    expect(writesSql('WITH hp_w AS (UPDATE t SET a = 1 RETURNING 1) SELECT count(*) FROM hp_w')).toBe(true);
    expect(writesSql('commit; create table hp_a (id integer)')).toBe(true);
    expect(writesSql('SELECT * FROM "customers" LIMIT 3')).toBe(false);
    expect(writesSql('SELECT "updated_at" FROM t')).toBe(false);
    expect(writesSql(42)).toBe(false);
  });

  it('knows a PRAGMA that sets a value, not one that reads', () => {
    expect(writesSql('PRAGMA user_version = 7')).toBe(true);
    expect(writesSql('pragma "main".application_id=3')).toBe(true);
    expect(writesSql('PRAGMA user_version')).toBe(false);
    expect(writesSql('PRAGMA table_info("t")')).toBe(false);
  });
});

describe('recordSqlWrites and unexercisedWrites', () => {
  it('names each SQL property until a writing statement succeeds through it', () => {
    let written = recordSqlWrites([], ['sql'], { sql: 'SELECT 1' });
    expect(unexercisedWrites(['sql'], written)).toEqual([
      'sql: no writing statement succeeded (only reads were exercised)',
    ]);
    written = recordSqlWrites(written, ['sql'], { sql: 'DELETE FROM t' });
    expect(written).toEqual(['sql']);
    expect(unexercisedWrites(['sql'], written)).toEqual([]);
  });

  it('counts a statement that reads like a query but changed state as a write', () => {
    expect(recordSqlWrites([], ['sql'], { sql: 'SELECT "bump"(1)' })).toEqual([]);
    expect(recordSqlWrites([], ['sql'], { sql: 'SELECT "bump"(1)' }, true)).toEqual(['sql']);
  });
});
