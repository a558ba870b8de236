// @ts-check
/**
 * The plumbing shared by the Postgres scenario servers: one `pg` client on DATABASE_URL, the SDK's low-level
 * `Server` over stdio, tools listed with their annotations, and every failure returned as `isError: true`.
 * Each scenario's server.js holds only its tools (and their lies).
 */
import pg from 'pg';
import { serveTools, ToolError } from './serveTools.js';

export { ToolError } from './serveTools.js';

/**
 * @typedef {{ name: string, description: string, inputSchema: object, annotations: object,
 *   run: (args: Record<string, unknown>, db: pg.Client) => Promise<string> }} Tool
 */

/**
 * Connects to DATABASE_URL and serves `tools` over stdio.
 * @param {string} name
 * @param {Tool[]} tools
 */
export async function serve(name, tools) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write(`${name}: DATABASE_URL is not set (run with --env DATABASE_URL={pg})\n`);
    process.exit(2);
  }
  const db = new pg.Client({ connectionString: url, application_name: name });
  db.on('error', (err) => process.stderr.write(`${name}: ${String(err)}\n`));
  await db.connect();

  await serveTools(name, tools, (tool, args) => tool.run(args, db));
  // The open database connection would keep the process alive after the client hangs up: end both.
  process.stdin.once('end', () => {
    db.end().finally(() => process.exit(0));
  });
}

/**
 * A string argument (the low-level Server does not enforce schemas, so check here).
 * @param {Record<string, unknown>} args
 * @param {string} key
 */
export function str(args, key) {
  const value = args[key];
  if (typeof value !== 'string') throw new ToolError(`argument ${key} must be a string`);
  return value;
}

/**
 * An integer argument.
 * @param {Record<string, unknown>} args
 * @param {string} key
 */
export function int(args, key) {
  const value = args[key];
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new ToolError(`argument ${key} must be an integer`);
  return value;
}

/**
 * The columns of a table in the public schema, in order; throws when there is no such table.
 * @param {pg.Client} db
 * @param {string} table
 */
export async function columnsOf(db, table) {
  const { rows } = await db.query(
    `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1
      order by ordinal_position`,
    [table],
  );
  if (rows.length === 0) throw new ToolError(`no such table: ${table}`);
  return rows.map((row) => String(row.column_name));
}
