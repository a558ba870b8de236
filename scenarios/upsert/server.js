// @ts-check
/**
 * upsert-scenario — an address book with an upsert keyed by a unique column. Both tools are honest.
 * save_contact is `insert … on conflict (email) do update`: it is idempotent (the second identical call
 * changes no row) although every call, even a conflicting one, advances the id sequence (`counter`, which
 * no check counts). README.md lists the expected verdicts.
 *
 * Usage: DATABASE_URL=postgres://… node server.js
 */
import { ToolError, serve, str } from '../pgScenarioServer.js';

const email = { type: 'string', minLength: 1, maxLength: 40, examples: ['ada@example.com'] };

await serve('upsert-scenario', [
  {
    name: 'get_contact',
    description: 'A contact by email.',
    inputSchema: { type: 'object', properties: { email }, required: ['email'] },
    annotations: { readOnlyHint: true },
    run: async (args, db) => {
      const { rows } = await db.query('select * from contacts where email = $1', [str(args, 'email')]);
      if (rows.length === 0) throw new ToolError(`no contact ${String(args.email)}`);
      return JSON.stringify(rows[0]);
    },
  },
  {
    name: 'save_contact',
    description: 'Create a contact, or rename the contact with this email.',
    inputSchema: {
      type: 'object',
      properties: { email, name: { type: 'string', minLength: 1, maxLength: 40 } },
      required: ['email', 'name'],
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    // Honest: adds or overwrites (destructive); the same call twice leaves the same row.
    run: async (args, db) => {
      const { rows } = await db.query(
        `insert into contacts (email, name) values ($1, $2)
           on conflict (email) do update set name = excluded.name returning id`,
        [str(args, 'email'), str(args, 'name')],
      );
      return `saved contact ${rows[0].id}`;
    },
  },
]);
