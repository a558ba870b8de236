import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type { PgTarget } from './pgTarget.js';

/**
 * Drops databases synchronously, for the process `exit` handler (Ctrl-C, SIGTERM, an uncaught error), where
 * nothing asynchronous runs any more: a short-lived node child connects and drops them. Best effort.
 *
 * A copy may still be under way when hintproof exits (the next run's database is made ahead): its name is
 * not in `names` yet, and a drop now would come before it exists. So the child first ends every backend
 * still creating a database of the same hintproof process (`hintproof_<pid>_<random>_…`; an interrupted
 * CREATE DATABASE leaves nothing), then drops `names` and every other database of that process.
 */
export function dropDatabasesNow(
  admin: PgTarget,
  names: readonly string[],
  roles: readonly string[] = [],
): void {
  if (names.length === 0 && roles.length === 0) return;
  const prefixes = [...new Set(names.map((name) => /^(hintproof_\d+_[0-9a-f]+)_/.exec(name)?.[1]))].filter(
    (prefix): prefix is string => prefix !== undefined,
  );
  const pgModule = createRequire(import.meta.url).resolve('pg');
  const script = `
    const { Client } = require(${JSON.stringify(pgModule)});
    const [target, names, prefixes, roles] = JSON.parse(process.argv[1]);
    const like = (prefix) => prefix.replace(/[\\\\%_]/g, (c) => '\\\\' + c) + '\\\\_%';
    (async () => {
      const client = new Client(target);
      await client.connect();
      const all = new Set(names);
      for (const prefix of prefixes) {
        const creating = await client.query(
          "select pid from pg_stat_activity where pid <> pg_backend_pid() and query ilike 'create database %' and position($1 in query) > 0",
          [prefix],
        );
        for (const { pid } of creating.rows) {
          await client.query('select pg_terminate_backend($1)', [pid]).catch(() => {});
          for (let i = 0; i < 50; i++) {
            const { rows } = await client.query('select 1 from pg_stat_activity where pid = $1', [pid]);
            if (rows.length === 0) break;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
        const made = await client.query('select datname from pg_database where datname like $1', [like(prefix)]);
        for (const { datname } of made.rows) all.add(datname);
      }
      for (const name of all) {
        await client.query('drop database if exists "' + name.replaceAll('"', '""') + '" with (force)').catch(() => {});
      }
      for (const role of roles) {
        const quoted = '"' + role.replaceAll('"', '""') + '"';
        await client.query('drop owned by ' + quoted).catch(() => {});
        await client.query('drop role if exists ' + quoted).catch(() => {});
      }
      await client.end();
    })().catch(() => process.exit(1));`;
  spawnSync(process.execPath, ['-e', script, JSON.stringify([admin, names, prefixes, roles])], {
    stdio: 'ignore',
    timeout: 15_000,
  });
}
