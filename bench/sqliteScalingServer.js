// The server of bench/sqliteScaling.js: a SQLite database (libsql, WAL mode unless JOURNAL_MODE=delete) with one
// large table; one tool updates one of its rows, one inserts a row.
import Database from 'libsql';
import { ToolError, serveTools } from '../scenarios/serveTools.js';

const db = new Database(process.argv[2]);
db.pragma(`journal_mode = ${process.env.JOURNAL_MODE === 'delete' ? 'delete' : 'wal'}`);
const id = { type: 'integer', minimum: 1, maximum: 1000 };

await serveTools(
  'sqlite-scaling-bench',
  [
    {
      name: 'touch_row',
      description: 'Increment the counter of one row of the large table.',
      inputSchema: { type: 'object', properties: { id }, required: ['id'] },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
      run: (args) => {
        if (!Number.isInteger(args.id)) throw new ToolError('id must be an integer');
        return `touched ${db.prepare('update big set n = n + 1 where id = ?').run(args.id).changes} row(s)`;
      },
    },
    {
      name: 'add_row',
      description: 'Append a row to the large table.',
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string', maxLength: 20 } },
        required: ['name'],
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
      run: (args) =>
        `added ${db.prepare('insert into big (name, n) values (?, 0)').run(String(args.name)).lastInsertRowid}`,
    },
  ],
  async (tool, args) => tool.run(args),
);
