// The server of bench/pgScaling.js: one tool that updates one row of the large table `big`.
import { int, serve } from '../scenarios/pgScenarioServer.js';

await serve('pg-scaling-bench', [
  {
    name: 'touch_row',
    description: 'Increment the counter of one row of the large table.',
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'integer', minimum: 1, maximum: 1000 } },
      required: ['id'],
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
    run: async (args, db) => {
      const { rowCount } = await db.query('update big set n = n + 1 where id = $1', [int(args, 'id')]);
      return `touched ${rowCount} row(s)`;
    },
  },
]);
