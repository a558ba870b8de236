import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type { PgTarget } from './pgTarget.js';

/**
 * Drops databases synchronously, for the process `exit` handler (Ctrl-C, SIGTERM, an uncaught error), where
 * nothing asynchronous runs any more: a short-lived node child connects and drops them. Best effort.
 */
export function dropDatabasesNow(admin: PgTarget, names: readonly string[]): void {
  if (names.length === 0) return;
  const pgModule = createRequire(import.meta.url).resolve('pg');
  const script = `
    const { Client } = require(${JSON.stringify(pgModule)});
    const [target, names] = JSON.parse(process.argv[1]);
    (async () => {
      const client = new Client(target);
      await client.connect();
      for (const name of names) {
        await client.query('drop database if exists "' + name.replaceAll('"', '""') + '" with (force)').catch(() => {});
      }
      await client.end();
    })().catch(() => process.exit(1));`;
  spawnSync(process.execPath, ['-e', script, JSON.stringify([admin, names])], {
    stdio: 'ignore',
    timeout: 15_000,
  });
}
