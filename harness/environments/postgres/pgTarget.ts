/** Where one Postgres database answers, and as whom to connect to it. */
export interface PgTarget {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
}

/** The environment's name, in changes (`pg:public.users(id=1)`), placeholders (`{pg}`) and `--ignore` patterns. */
export const PG_ENVIRONMENT = 'pg';

/** `postgresql://user:password@host:port/database`, every part percent-encoded. */
export function pgUrl(target: PgTarget): string {
  const auth =
    encodeURIComponent(target.user) +
    (target.password === '' ? '' : `:${encodeURIComponent(target.password)}`);
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  return `postgresql://${auth}@${host}:${target.port}/${encodeURIComponent(target.database)}`;
}

/** `{pg}`, `{pg.host}`, `{pg.port}`, `{pg.user}`, `{pg.password}`, `{pg.database}` for one database. */
export function pgPlaceholders(target: PgTarget): Readonly<Record<string, string>> {
  return Object.freeze({
    [PG_ENVIRONMENT]: pgUrl(target),
    [`${PG_ENVIRONMENT}.host`]: target.host,
    [`${PG_ENVIRONMENT}.port`]: String(target.port),
    [`${PG_ENVIRONMENT}.user`]: target.user,
    [`${PG_ENVIRONMENT}.password`]: target.password,
    [`${PG_ENVIRONMENT}.database`]: target.database,
  });
}

/** Parses a `postgres://` or `postgresql://` URL; throws an error naming what was received. */
export function parsePgUrl(url: string): PgTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(
      `--pg-url: "${url}" is not a URL. Expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, e.g. postgres://postgres@127.0.0.1:5432/postgres.`,
    );
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error(
      `--pg-url: expected a postgres:// or postgresql:// URL, received "${parsed.protocol}//…". Example: postgres://postgres@127.0.0.1:5432/postgres.`,
    );
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres';
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1',
    port: parsed.port === '' ? 5432 : Number(parsed.port),
    user: decodeURIComponent(parsed.username) || 'postgres',
    password: decodeURIComponent(parsed.password),
    database,
  };
}
