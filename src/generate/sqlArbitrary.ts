import fc from 'fast-check';
import type { HarvestedColumn, HarvestedRelation, HarvestedRoutine } from '../../harness/index.js';
import { callArbitrary } from './sqlCallArbitrary.js';
import { pragmaArbitrary } from './sqlPragmaArbitrary.js';
import { columnLiteral, keyLiteral, quoteIdentifier, tableName } from './sqlLiteral.js';
import { disguisedWrite, type WriteKind } from './sqlDisguise.js';
import type { SqlIntent } from './sqlRole.js';

/** Statement kinds: `call`, a function of the database's called by a SELECT; `pragma`, SQLite's settings. */
type Kind = 'select' | 'insert' | 'update' | 'delete' | 'ddl' | 'call' | 'pragma';

const WEIGHTS: Readonly<Record<SqlIntent, Readonly<Record<Kind, number>>>> = {
  read: { select: 8, insert: 1, update: 1, delete: 1, ddl: 1, call: 2, pragma: 2 },
  write: { select: 1, insert: 4, update: 4, delete: 3, ddl: 1, call: 1, pragma: 1 },
  ddl: { select: 1, insert: 1, update: 1, delete: 1, ddl: 6, call: 1, pragma: 1 },
  any: { select: 3, insert: 2, update: 2, delete: 2, ddl: 1, call: 1, pragma: 1 },
};

/**
 * SQL statements over the sandbox's own schema: selects over real tables (all rows, by key, counts), inserts
 * that fill every column without a default, updates and deletes of sampled rows by key, and DDL on scratch
 * names (`hp_…` tables, indexes and columns); many writes come disguised (`disguisedWrite`); calls of the
 * database's own `routines` (`SELECT f(1)`: a function may write) and, on SQLite, `PRAGMA`s that read or
 * persist a header setting. `intent` weighs the kinds (see `sqlIntent`); every kind stays reachable. A
 * statement shrinks within its kind and table (a disguised write to the plain one). `undefined` when there is
 * no table.
 */
export function sqlArbitrary(
  relations: readonly HarvestedRelation[],
  intent: SqlIntent,
  routines: readonly HarvestedRoutine[] = [],
): fc.Arbitrary<string> | undefined {
  if (relations.length === 0) return undefined;
  const integers = [
    ...new Set(
      relations.flatMap((relation) =>
        relation.keyValues.flatMap((row) =>
          Object.values(row).filter((v): v is number => typeof v === 'number'),
        ),
      ),
    ),
  ].sort((a, b) => a - b);
  const builders: Record<Kind, fc.Arbitrary<string>[]> = {
    select: relations.map(selectArbitrary),
    insert: relations.flatMap((r) => disguised(r, 'dml', insertArbitrary(r, integers))),
    update: relations.flatMap((r) => disguised(r, 'dml', updateArbitrary(r, integers))),
    delete: relations.flatMap((r) => disguised(r, 'dml', deleteArbitrary(r))),
    ddl: relations.flatMap((r) => disguised(r, 'ddl', ddlArbitrary(r))),
    call: routines.flatMap((routine) => callArbitrary(routine, integers) ?? []),
    pragma: relations.some((relation) => relation.dialect === 'sqlite') ? [pragmaArbitrary()] : [],
  };
  const weights = WEIGHTS[intent];
  const kinds = (Object.keys(weights) as Kind[]).filter((kind) => builders[kind].length > 0);
  return fc.oneof(
    ...kinds.map((kind) => ({ arbitrary: fc.oneof(...builders[kind]), weight: weights[kind] })),
  );

  function disguised(
    relation: HarvestedRelation,
    kind: WriteKind,
    write: fc.Arbitrary<string> | undefined,
  ): fc.Arbitrary<string>[] {
    return write === undefined ? [] : [disguisedWrite(intent, relation.dialect, kind)(write)];
  }
}

function selectArbitrary(relation: HarvestedRelation): fc.Arbitrary<string> {
  const table = tableName(relation);
  const byKey = whereKey(relation);
  const column = relation.columns[0];
  return fc.oneof(
    fc.integer({ min: 1, max: 20 }).map((n) => `SELECT * FROM ${table} LIMIT ${n}`),
    fc.constant(`SELECT count(*) FROM ${table}`),
    ...(byKey === undefined ? [] : [byKey.map((where) => `SELECT * FROM ${table} WHERE ${where}`)]),
    ...(column === undefined
      ? []
      : [fc.constant(`SELECT ${quoteIdentifier(column.name)} FROM ${table} ORDER BY 1 LIMIT 5`)]),
  );
}

function insertArbitrary(
  relation: HarvestedRelation,
  integers: readonly number[],
): fc.Arbitrary<string> | undefined {
  const table = tableName(relation);
  const needed = relation.columns.filter(
    (c) => !c.hasDefault && (!c.nullable || relation.key.includes(c.name)),
  );
  if (needed.length === 0) return fc.constant(`INSERT INTO ${table} DEFAULT VALUES`);
  const literals = needed.map((column) => literalFor(column, relation, integers));
  if (literals.some((literal) => literal === undefined)) return undefined;
  const names = needed.map((column) => quoteIdentifier(column.name)).join(', ');
  return fc
    .tuple(...(literals as fc.Arbitrary<string>[]))
    .map((values) => `INSERT INTO ${table} (${names}) VALUES (${values.join(', ')})`);
}

function updateArbitrary(
  relation: HarvestedRelation,
  integers: readonly number[],
): fc.Arbitrary<string> | undefined {
  const where = whereKey(relation);
  const settable = relation.columns.filter((c) => !relation.key.includes(c.name));
  const sets = settable.flatMap((column) => {
    const literal = columnLiteral(column, relation.dialect, integers);
    return literal === undefined
      ? []
      : [literal.map((value) => `${quoteIdentifier(column.name)} = ${value}`)];
  });
  if (where === undefined || sets.length === 0) return undefined;
  return fc
    .tuple(fc.oneof(...sets), where)
    .map(([set, condition]) => `UPDATE ${tableName(relation)} SET ${set} WHERE ${condition}`);
}

function deleteArbitrary(relation: HarvestedRelation): fc.Arbitrary<string> | undefined {
  return whereKey(relation)?.map((where) => `DELETE FROM ${tableName(relation)} WHERE ${where}`);
}

function ddlArbitrary(relation: HarvestedRelation): fc.Arbitrary<string> {
  const scratch = fc
    .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 5 })
    .map((stem) => quoteIdentifier(`hp_${stem}`));
  const table = tableName(relation);
  const column = relation.columns[0];
  return fc.oneof(
    // Creating a table is the DDL most tools take (create_table): it gets half the draws.
    {
      arbitrary: scratch.map((name) => `CREATE TABLE ${name} (id integer PRIMARY KEY, note text)`),
      weight: 3,
    },
    scratch.map((name) => `DROP TABLE IF EXISTS ${name}`),
    scratch.map((name) => `ALTER TABLE ${table} ADD COLUMN ${name} text`),
    ...(column === undefined
      ? []
      : [scratch.map((name) => `CREATE INDEX ${name} ON ${table} (${quoteIdentifier(column.name)})`)]),
  );
}

/** `"id" = 2` over a sampled row's key (every key column), or `undefined` without key or rows. */
function whereKey(relation: HarvestedRelation): fc.Arbitrary<string> | undefined {
  if (relation.key.length === 0) return undefined;
  const conditions = relation.keyValues.flatMap((row) => {
    const parts = relation.key.map((column) => {
      const literal = keyLiteral(row[column] ?? null, relation.dialect);
      return literal === undefined ? undefined : `${quoteIdentifier(column)} = ${literal}`;
    });
    return parts.every((part) => part !== undefined) ? [parts.join(' AND ')] : [];
  });
  return conditions.length === 0 ? undefined : fc.constantFrom(...conditions);
}

/** A key column without a default gets a value no sampled row has; other columns any literal of their type. */
function literalFor(
  column: HarvestedColumn,
  relation: HarvestedRelation,
  integers: readonly number[],
): fc.Arbitrary<string> | undefined {
  if (!relation.key.includes(column.name)) return columnLiteral(column, relation.dialect, integers);
  const taken = new Set(relation.keyValues.map((row) => row[column.name]));
  const literal = columnLiteral(column, relation.dialect, []);
  return literal?.filter((value) => !taken.has(Number(value)) && !taken.has(value.slice(1, -1)));
}
