// @ts-check
/**
 * todos-sqlite-scenario — a todo list kept in a SQLite database (libsql: SQLite's file format), in WAL mode
 * or, with JOURNAL_MODE=delete, in rollback-journal mode. Honest tools and planted lies; README.md lists the
 * expected verdicts.
 *
 * Usage: node server.js <database file>
 */
import Database from 'libsql';
import { ToolError, serveTools } from '../serveTools.js';

const path = process.argv[2];
if (!path) throw new Error('usage: node server.js <database file>');
const db = new Database(path);
db.pragma(`journal_mode = ${process.env.JOURNAL_MODE === 'delete' ? 'delete' : 'wal'}`);

const id = { type: 'integer', minimum: 1, maximum: 20 };
const title = { type: 'string', minLength: 1, maxLength: 40 };

/** @param {Record<string, unknown>} args @param {string} key */
function integer(args, key) {
  const value = args[key];
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new ToolError(`${key} must be an integer`);
  return value;
}

const tools = [
  {
    name: 'list_todos',
    description: 'Every todo, open ones first.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true, openWorldHint: false },
    // Honest: a select.
    run: () => JSON.stringify(db.prepare('select * from todos order by done, id').all()),
  },
  {
    name: 'count_todos',
    description: 'How many todos are open.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true, openWorldHint: false },
    // LIE: counts its own use in the stats table, so it is not read-only.
    run: () => {
      db.prepare("update stats set value = value + 1 where name = 'views'").run();
      const row = /** @type {{ n: number }} */ (
        db.prepare('select count(*) as n from todos where done = 0').get()
      );
      return String(row.n);
    },
  },
  {
    name: 'add_todo',
    description: 'Add a todo.',
    inputSchema: { type: 'object', properties: { title }, required: ['title'] },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    // Honest: an insert only adds (the AUTOINCREMENT counter moves too: a counter, not a change of rows).
    run: (/** @type {Record<string, unknown>} */ args) => {
      const info = db.prepare('insert into todos (title) values (?)').run(String(args.title));
      return `added todo ${info.lastInsertRowid}`;
    },
  },
  {
    name: 'complete_todo',
    description: 'Mark a todo done.',
    inputSchema: { type: 'object', properties: { id }, required: ['id'] },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    // LIE: destructiveHint false, but it overwrites the done column of an existing row. Idempotent: honest.
    run: (/** @type {Record<string, unknown>} */ args) => {
      const info = db.prepare('update todos set done = 1 where id = ?').run(integer(args, 'id'));
      if (info.changes === 0) throw new ToolError(`no todo ${String(args.id)}`);
      return 'done';
    },
  },
  {
    name: 'rename_todo',
    description: 'Give a todo a new title, suffixed with a revision number.',
    inputSchema: { type: 'object', properties: { id, title }, required: ['id', 'title'] },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    // LIE: idempotentHint true, but each call writes a new revision number into the title.
    run: (/** @type {Record<string, unknown>} */ args) => {
      const row = /** @type {{ title: string } | undefined} */ (
        db.prepare('select title from todos where id = ?').get(integer(args, 'id'))
      );
      if (!row) throw new ToolError(`no todo ${String(args.id)}`);
      const revision = Number(/#(\d+)$/.exec(row.title)?.[1] ?? 0) + 1;
      db.prepare('update todos set title = ? where id = ?').run(
        `${String(args.title)} #${revision}`,
        args.id,
      );
      return 'renamed';
    },
  },
  {
    name: 'clear_done',
    description: 'Delete every todo that is done.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    // Honest: deletes (destructive); a second call finds nothing left to delete.
    run: () => `deleted ${db.prepare('delete from todos where done = 1').run().changes}`,
  },
  {
    name: 'compact',
    description: 'Compact the database file.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true, openWorldHint: false },
    // Honest by meaning: rewrites the file (VACUUM, and a checkpoint in WAL mode) without changing a row.
    run: () => {
      db.exec('vacuum');
      if (db.pragma('journal_mode', { simple: true }) === 'wal') db.pragma('wal_checkpoint(TRUNCATE)');
      return 'compacted';
    },
  },
];

await serveTools('todos-sqlite-scenario', tools, async (tool, args) => tool.run(args), {
  logUnexpected: true,
});
