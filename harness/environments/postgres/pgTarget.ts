/** Where one Postgres database answers, and as whom to connect to it. */
export interface PgTarget {
  /** A host name or address, or the directory of the server's unix socket (an absolute path). */
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
}

/** The environment's name, in changes (`pg:public.users(id=1)`), placeholders (`{pg}`) and `--ignore` patterns. */
export const PG_ENVIRONMENT = 'pg';

/**
 * `postgresql://user:password@host:port/database`, every part percent-encoded; for a unix socket directory
 * `postgresql://user:password@/database?host=/dir&port=port` (libpq's form, which node-postgres reads too).
 */
export function pgUrl(target: PgTarget): string {
  const auth =
    encodeURIComponent(target.user) +
    (target.password === '' ? '' : `:${encodeURIComponent(target.password)}`);
  const database = encodeURIComponent(target.database);
  if (isSocketDirectory(target.host)) {
    return `postgresql://${auth}@/${database}?host=${encodeURIComponent(target.host)}&port=${target.port}`;
  }
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  return `postgresql://${auth}@${host}:${target.port}/${database}`;
}

/** Whether a target's host is the directory of a unix socket rather than a network host. */
export function isSocketDirectory(host: string): boolean {
  return host.startsWith('/');
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
    // An empty host (`user@/db?host=/dir`, libpq's socket form) is no WHATWG URL: parse it with a stand-in.
    parsed = new URL(url.includes('@/') ? url.replace('@/', '@socket/') : url);
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
  // libpq's ?host=/dir&port=N names a unix socket directory (and ?port= may stand in for the authority's).
  const socket = parsed.searchParams.get('host');
  const port = parsed.port || parsed.searchParams.get('port') || '';
  return {
    host: socket ?? (parsed.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1'),
    port: port === '' ? 5432 : Number(port),
    user: decodeURIComponent(parsed.username) || 'postgres',
    password: decodeURIComponent(parsed.password),
    database,
  };
}
