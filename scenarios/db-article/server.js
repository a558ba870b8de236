// @ts-check
/**
 * db-article-scenario — the four-tool database server from the tool-annotations article, with the
 * article's own hints. One lie, marked `LIE:` below: update_row_by_id says `destructiveHint: false`, yet it
 * overwrites column values in place (an overwrite is not additive). README.md lists the expected verdicts.
 *
 * Usage: DATABASE_URL=postgres://… node server.js
 */
import { ToolError, columnsOf, int, serve, str } from '../pgScenarioServer.js';

/** The columns a row may carry (those of the seed's tables); keys that are not columns of the table are ignored. */
const rowSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 40 },
    price: { type: 'number', minimum: 0, maximum: 1000 },
    note: { type: 'string', maxLength: 40 },
  },
  additionalProperties: false,
};
const tableSchema = { type: 'string', description: 'a table in the public schema', examples: ['products'] };

/**
 * The entries of `values` that are columns of `table`, as [quoted column, value] pairs.
 * @param {import('pg').Client} db
 * @param {string} table
 * @param {unknown} values
 */
async function settable(db, table, values) {
  const columns = await columnsOf(db, table);
  const given = typeof values === 'object' && values !== null ? Object.entries(values) : [];
  return given.filter(([key]) => key !== 'id' && columns.includes(key));
}

await serve('db-article-scenario', [
  {
    name: 'run_select_query',
    description: 'Run a read-only SQL query (a bare table name is short for select * from it).',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', examples: ['select * from products'] } },
      required: ['query'],
    },
    annotations: { readOnlyHint: true },
    // Honest: runs one statement inside a read-only transaction that is rolled back. One: the extended protocol
    // refuses several, so `commit; insert …` cannot end the transaction and write (the simple protocol would
    // run both, as @modelcontextprotocol/server-postgres 0.6.2 does).
    run: async (args, db) => {
      let query = str(args, 'query');
      if (/^[a-z_][a-z0-9_]*$/i.test(query.trim())) query = `select * from "${query.trim()}"`;
      await db.query('begin transaction read only');
      try {
        const { rows } = await db.query({ text: query, queryMode: 'extended' });
        return JSON.stringify(rows);
      } finally {
        await db.query('rollback');
      }
    },
  },
  {
    name: 'insert_row',
    description: 'Insert one row into a table.',
    inputSchema: {
      type: 'object',
      properties: { table: tableSchema, values: rowSchema },
      required: ['table', 'values'],
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    // Honest: only ever adds a row (and advances the table's id sequence).
    run: async (args, db) => {
      const table = str(args, 'table');
      const pairs = await settable(db, table, args.values);
      const sql =
        pairs.length === 0
          ? `insert into "${table}" default values returning id`
          : `insert into "${table}" (${pairs.map(([k]) => `"${k}"`).join(', ')}) values (${pairs.map((_, i) => `$${i + 1}`).join(', ')}) returning id`;
      const { rows } = await db.query(
        sql,
        pairs.map(([, v]) => v),
      );
      return `inserted ${table} id ${rows[0].id}`;
    },
  },
  {
    name: 'update_row_by_id',
    description: 'Update the columns of one row, found by its id.',
    inputSchema: {
      type: 'object',
      properties: { table: tableSchema, id: { type: 'integer', minimum: 1, maximum: 5 }, values: rowSchema },
      required: ['table', 'id', 'values'],
    },
    // LIE: destructiveHint false, but it overwrites the row's columns in place (`modify`). Setting the same
    // values twice changes nothing the second time, so idempotentHint holds.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    run: async (args, db) => {
      const table = str(args, 'table');
      const id = int(args, 'id');
      const pairs = await settable(db, table, args.values);
      if (pairs.length === 0) throw new ToolError('values names no column of the table');
      const { rowCount } = await db.query(
        `update "${table}" set ${pairs.map(([k], i) => `"${k}" = $${i + 2}`).join(', ')} where id = $1`,
        [id, ...pairs.map(([, v]) => v)],
      );
      if (rowCount === 0) throw new ToolError(`no row with id ${id} in ${table}`);
      return `updated ${table} id ${id}`;
    },
  },
  {
    name: 'drop_table',
    description: 'Drop a table and all its rows.',
    inputSchema: { type: 'object', properties: { table: tableSchema }, required: ['table'] },
    // Honest: destructive, and idempotent (dropping a dropped table changes nothing).
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    run: async (args, db) => {
      const table = str(args, 'table');
      await db.query(`drop table if exists "${table.replaceAll('"', '""')}"`);
      return `dropped ${table}`;
    },
  },
]);
