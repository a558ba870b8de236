import { createRequire } from 'node:module';
import type pg from 'pg';

const require = createRequire(import.meta.url);

/**
 * A new `pg.Client`, the driver loaded on first use: most checks never touch Postgres, and loading `pg` costs
 * every hintproof process (and every CLI call a test makes) about a tenth of a second.
 */
export function newPgClient(config: pg.ClientConfig): pg.Client {
  const driver = require('pg') as typeof pg;
  return new driver.Client(config);
}
