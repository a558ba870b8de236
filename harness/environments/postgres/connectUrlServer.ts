import { newPgClient } from './pgClient.js';
import type { PgServer } from './pgServer.js';
import { parsePgUrl } from './pgTarget.js';

/**
 * An existing server (`--pg-url`). hintproof connects to the URL's database only to create and drop its own
 * `hintproof_*` databases, and never writes to it. Checks up front that the role may create databases.
 */
export async function connectUrlServer(url: string): Promise<PgServer> {
  const admin = parsePgUrl(url);
  const client = newPgClient({ ...admin, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `pg: could not connect to --pg-url ${redacted(url)}: ${error instanceof Error ? error.message : String(error)}. ` +
        'Check that the server runs and accepts this user, or use --pg-provider embedded.',
      { cause: error },
    );
  }
  try {
    const { rows } = await client.query<{ may: boolean }>(
      'select rolsuper or rolcreatedb as may from pg_roles where rolname = current_user',
    );
    if (rows[0]?.may !== true) {
      throw new Error(
        `pg: the role "${admin.user}" of --pg-url may not create databases (it needs CREATEDB). Grant it ` +
          `(ALTER ROLE "${admin.user}" CREATEDB), use another role, or use --pg-provider embedded.`,
      );
    }
  } finally {
    await client.end().catch(() => {});
  }
  return {
    provider: 'url',
    owned: false,
    admin,
    [Symbol.asyncDispose]: () => Promise.resolve(),
  };
}

/** The URL without its password, for messages. */
function redacted(url: string): string {
  return url.replace(/(\/\/[^:/@]+):[^@]*@/, '$1:***@');
}
