// @ts-check
/**
 * inventory-scenario — a shop inventory over Postgres. Both tools are honest: get_stock_level only reads;
 * delete_stale_listings deletes listings not updated for a while and says so (destructive, not idempotent).
 * README.md lists the expected verdicts.
 *
 * Usage: DATABASE_URL=postgres://… node server.js
 */
import { ToolError, int, serve, str } from '../pgScenarioServer.js';

await serve('inventory-scenario', [
  {
    name: 'get_stock_level',
    description: 'The stock level of one listing, by SKU.',
    inputSchema: {
      type: 'object',
      properties: { sku: { type: 'string', examples: ['A-100'] } },
      required: ['sku'],
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    // Honest: one select.
    run: async (args, db) => {
      const { rows } = await db.query('select stock from listings where sku = $1', [str(args, 'sku')]);
      if (rows.length === 0) throw new ToolError(`no listing with sku ${String(args.sku)}`);
      return `stock: ${rows[0].stock}`;
    },
  },
  {
    name: 'delete_stale_listings',
    description: 'Delete every listing not updated for the given number of days (default 365).',
    inputSchema: {
      type: 'object',
      properties: { older_than_days: { type: 'integer', minimum: 1, maximum: 5000 } },
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
    // Honest: deletes rows (`delete`); a second call finds nothing left to delete.
    run: async (args, db) => {
      const days = args.older_than_days === undefined ? 365 : int(args, 'older_than_days');
      const { rowCount } = await db.query(
        'delete from listings where updated_at < now() - make_interval(days => $1)',
        [days],
      );
      return `deleted ${rowCount} stale listing(s)`;
    },
  },
]);
