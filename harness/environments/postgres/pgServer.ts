import type { PgTarget } from './pgTarget.js';

/**
 * A running Postgres server where hintproof may create and drop its own `hintproof_*` databases. `admin`
 * points at a maintenance database hintproof connects to for that, and never writes to.
 */
export interface PgServer extends AsyncDisposable {
  /** `embedded`, `url` or `docker`, for messages. */
  readonly provider: string;
  readonly admin: PgTarget;
  /** True when the server is hintproof's own (embedded, docker): dropping databases at exit is optional. */
  readonly owned: boolean;
  /**
   * The directory of the server's unix socket, when hintproof started it (embedded): a sandboxed server in its
   * own network namespace can reach the database only through it (`?host=<dir>&port=<port>`).
   */
  readonly socketDirectory?: string;
  /**
   * True when the cluster runs in a sandbox of its own (embedded, with an isolation mechanism): a superuser's
   * reach ends at that sandbox. False or absent: it runs on the host (a superuser of it acts on the host).
   */
  readonly sandboxed?: boolean;
}
