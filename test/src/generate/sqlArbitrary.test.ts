import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HarvestedRelation } from '../../../harness/index.js';
import { sqlArbitrary } from '../../../src/generate/sqlArbitrary.js';
import { disguisedWrite } from '../../../src/generate/sqlDisguise.js';
import { carriesSql, namedLikeQuery, sqlIntent } from '../../../src/generate/sqlRole.js';

const products: HarvestedRelation = {
  dialect: 'postgres',
  name: 'products',
  columns: [
    { name: 'id', type: 'integer', nullable: false, hasDefault: true },
    { name: 'name', type: 'text', nullable: false, hasDefault: false },
    { name: 'price', type: 'numeric(10,2)', nullable: false, hasDefault: true },
  ],
  key: ['id'],
  keyValues: [{ id: 1 }, { id: 2 }],
};
const tags: HarvestedRelation = {
  dialect: 'postgres',
  schema: 'shop',
  name: 'tags',
  columns: [{ name: 'tag', type: 'character varying(8)', nullable: false, hasDefault: false }],
  key: ['tag'],
  keyValues: [{ tag: "o'neil" }],
};

const sample = (intent: Parameters<typeof sqlArbitrary>[1]) =>
  fc.sample(sqlArbitrary([products, tags], intent)!, { seed: 7, numRuns: 400 });

describe('sqlArbitrary', () => {
  it("calls the database's own functions, each argument a literal of its type, the ids sampled ones", () => {
    const routines = [
      { dialect: 'postgres' as const, kind: 'function' as const, name: 'bump', args: ['integer'] },
      { dialect: 'postgres' as const, kind: 'function' as const, schema: 'audit', name: 'stamp', args: [] },
      { dialect: 'postgres' as const, kind: 'function' as const, name: 'opaque', args: ['tsvector'] },
      { dialect: 'postgres' as const, kind: 'procedure' as const, name: 'archive', args: ['text'] },
    ];
    const statements = fc.sample(sqlArbitrary([products], 'read', routines)!, { seed: 3, numRuns: 400 });
    expect(statements).toContain('SELECT "audit"."stamp"()');
    expect(statements).toContain('SELECT "bump"(1)');
    expect(statements.some((s) => /^CALL "archive"\('hp_[a-z0-9]+'\)$/.test(s))).toBe(true);
    // A type hintproof cannot fill: never called with a guess.
    expect(statements.some((s) => s.includes('"opaque"'))).toBe(false);
    // A hostile name stays one quoted identifier.
    const hostile = {
      dialect: 'postgres' as const,
      kind: 'function' as const,
      name: 'x"(); DROP TABLE t; --',
      args: [],
    };
    expect(fc.sample(sqlArbitrary([products], 'read', [hostile])!, { seed: 1, numRuns: 400 })).toContain(
      'SELECT "x""(); DROP TABLE t; --"()',
    );
    // No PRAGMA on Postgres.
    expect(statements.some((s) => s.startsWith('PRAGMA'))).toBe(false);
  });

  it('on SQLite, reads and persists the header settings with PRAGMA', () => {
    const notes: HarvestedRelation = { ...products, dialect: 'sqlite' };
    const statements = fc.sample(sqlArbitrary([notes], 'read')!, { seed: 3, numRuns: 400 });
    expect(statements).toContain('PRAGMA user_version');
    expect(statements.some((s) => /^PRAGMA (user_version|application_id) = \d+$/.test(s))).toBe(true);
  });

  it('builds every kind of statement over the real tables, rows by their sampled keys', () => {
    const statements = sample('any');
    expect(statements).toContain('SELECT count(*) FROM "products"');
    expect(statements).toContain('SELECT * FROM "shop"."tags" WHERE "tag" = \'o\'\'neil\'');
    expect(
      statements.some((s) => /^UPDATE "products" SET "(name|price)" = .+ WHERE "id" = [12]$/.test(s)),
    ).toBe(true);
    expect(statements).toContain('DELETE FROM "products" WHERE "id" = 1');
    expect(
      statements.some((s) => /^INSERT INTO "products" \("name"\) VALUES \('hp_[a-z0-9]+'\)$/.test(s)),
    ).toBe(true);
    expect(statements.some((s) => /^CREATE TABLE "hp_[a-z0-9]+" /.test(s))).toBe(true);
    // A new key never collides with a sampled one, and fits the column's length.
    for (const s of statements.filter((t) => t.startsWith('INSERT INTO "shop"."tags"'))) {
      const value = /VALUES \('(.*)'\)/.exec(s)?.[1] ?? '';
      expect(value.length).toBeLessThanOrEqual(8);
      expect(value).not.toBe("o''neil");
    }
  });

  it('leans to what the tool takes, keeping every kind reachable', () => {
    const reads = sample('read').filter((s) => s.startsWith('SELECT') && !s.includes(';')).length;
    const writes = sample('write').filter((s) => /(INSERT|UPDATE|DELETE) /.test(s)).length;
    expect(reads).toBeGreaterThan(250);
    expect(writes).toBeGreaterThan(250);
    expect(sample('read').some((s) => s.startsWith('DELETE'))).toBe(true);
  });

  it('disguises writes the ways read-only guards are fooled, and shrinks them to the plain write', () => {
    // Each checked by hand: `COMMIT; DELETE …` ends @modelcontextprotocol/server-postgres 0.6.2's read-only
    // transaction; `SELECT 1; DELETE …` and `WITH … DELETE … RETURNING` pass @henkey/postgres-mcp-server
    // 1.0.7's starts-with-SELECT-or-WITH guard.
    const statements = sample('read');
    const write = '(INSERT|UPDATE|DELETE|CREATE|DROP|ALTER) ';
    expect(statements.some((s) => new RegExp(`^COMMIT; ${write}`).test(s))).toBe(true);
    expect(statements.some((s) => new RegExp(`^SELECT 1; ${write}`).test(s))).toBe(true);
    expect(
      statements.some((s) =>
        /^WITH hp_w AS \((INSERT|UPDATE|DELETE) .* RETURNING 1\) SELECT count\(\*\) FROM hp_w$/.test(s),
      ),
    ).toBe(true);
    // Selects are never disguised, DDL never in a CTE (it has no RETURNING).
    expect(statements.some((s) => /^(COMMIT|SELECT 1); SELECT/.test(s))).toBe(false);
    expect(statements.some((s) => /^WITH hp_w AS \((CREATE|DROP|ALTER)/.test(s))).toBe(false);
    // Whatever disguise a failing write first wore, it shrinks to the plain write.
    const oneWrite = disguisedWrite('read', 'postgres', 'dml')(fc.constant('DELETE FROM t'));
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const shrunk = fc.check(
        fc.property(oneWrite, (s) => s === 'never'),
        { seed },
      );
      expect(shrunk.counterexample?.[0]).toBe('DELETE FROM t');
    }
  });

  it('disguises no SQLite write in a CTE (SQLite has no writing CTE)', () => {
    const sqliteProducts: HarvestedRelation = { ...products, dialect: 'sqlite' };
    const statements = fc.sample(sqlArbitrary([sqliteProducts], 'read')!, { seed: 7, numRuns: 400 });
    expect(statements.some((s) => s.startsWith('SELECT 1; '))).toBe(true);
    expect(statements.some((s) => s.startsWith('WITH '))).toBe(false);
  });

  it('has nothing to offer without a table', () => {
    expect(sqlArbitrary([], 'any')).toBeUndefined();
  });
});

describe('carriesSql and sqlIntent', () => {
  it('knows SQL by format, name, or a query named and described as SQL', () => {
    expect(carriesSql('sql', {})).toBe(true);
    expect(carriesSql('rawSql', {})).toBe(true);
    expect(carriesSql('text', { format: 'sql' })).toBe(true);
    expect(carriesSql('query', { description: 'SELECT SQL query to execute' })).toBe(true);
    expect(carriesSql('query', { description: 'Search terms' })).toBe(false);
    expect(carriesSql('query', {})).toBe(false);
    expect(carriesSql('results', { description: 'SQL' })).toBe(false);
    // Without a description of its own, the tool's says it (@executeautomation/database-server).
    const reads = { description: 'Execute SELECT queries to read data from the database' };
    expect(carriesSql('query', {}, reads)).toBe(true);
    expect(carriesSql('query', {}, { description: 'Execute INSERT, UPDATE, or DELETE queries' })).toBe(true);
    expect(carriesSql('query', {}, { description: 'Create new tables in the database' })).toBe(true);
    expect(carriesSql('query', {}, { description: 'Modify existing table schema (add columns)' })).toBe(true);
    expect(carriesSql('query', {}, { description: 'Search the notes' })).toBe(false);
    expect(carriesSql('query', { description: 'Words to find' }, reads)).toBe(false);
    expect(namedLikeQuery('query')).toBe(true);
    expect(namedLikeQuery('searchTerm')).toBe(false);
  });

  it('reads what statements a tool takes from its name and description', () => {
    expect(sqlIntent({ name: 'read_query', description: 'Execute a SELECT query' })).toBe('read');
    expect(sqlIntent({ name: 'write_query', description: 'Execute an INSERT, UPDATE or DELETE query' })).toBe(
      'write',
    );
    expect(sqlIntent({ name: 'create_table', description: 'Create a new table' })).toBe('ddl');
    expect(sqlIntent({ name: 'query', description: 'Run a read-only SQL query' })).toBe('read');
    expect(sqlIntent({ name: 'run' })).toBe('any');
    // @henkey/postgres-mcp-server 1.0.7: its examples name a SELECT, but it runs anything.
    expect(
      sqlIntent({
        name: 'pg_execute_sql',
        description:
          'Execute arbitrary SQL statements - sql="ANY_VALID_SQL". Examples: sql="WITH complex_cte AS (...) SELECT ..."',
      }),
    ).toBe('any');
  });
});
