import type { PgProviderName } from '../../harness/environments/postgres/index.js';
import type { ReporterName } from './reporterNames.js';

/** The parsed `check` command line. */
export interface CheckArguments {
  readonly command: string;
  readonly args: readonly string[];
  readonly fs?: string;
  /** A directory copied into the server's private HOME (`{home}`) for each run. */
  readonly home?: string;
  /** The seed of a SQLite database per run (`{sqlite}`): a .sql script or a database file. */
  readonly sqlite?: string;
  /** The seed script of a Postgres database per run (`{pg}`). */
  readonly pg?: string;
  readonly pgProvider?: PgProviderName;
  readonly pgUrl?: string;
  /** `--pg-superuser`: the server connects as a superuser, not as its database's owner. */
  readonly pgSuperuser?: boolean;
  readonly env: Readonly<Record<string, string>>;
  readonly runs: number;
  /** `--max-commands`: calls per session. */
  readonly maxCommands: number;
  /** `--max-observers`: the server's own reads read around every call, at most (0: none). */
  readonly maxObservers: number;
  /** `--settle-max`: ms a call's end waits at most for what it started in the server. */
  readonly settleMax: number;
  /** `--max-tools`: tools checked at most; more is refused unless --tool chooses. */
  readonly maxTools: number;
  /** `--jobs`: tools checked at once (default: the CPU count, capped). */
  readonly jobs?: number;
  /** `--watch`: check again whenever a file of the server changes. */
  readonly watch?: boolean;
  readonly seed?: number;
  readonly path?: string;
  readonly tool: readonly string[];
  /** `--producers`: the tools preambles draw on (learned when absent). */
  readonly producers?: readonly string[];
  readonly timeout: number;
  readonly startupTimeout: number;
  /** `--client-name`, `--client-version`: the clientInfo sent at initialize (default: a neutral one). */
  readonly clientName?: string;
  readonly clientVersion?: string;
  readonly calibration: number;
  readonly ignore: readonly string[];
  readonly json?: string;
  readonly baseline?: string;
  readonly updateBaseline?: boolean;
  /** Reporters to run (default: text). */
  readonly reporter?: readonly ReporterName[];
  /** Where file reporters write (default: hintproof-report). */
  readonly outputDir?: string;
  readonly verbose: boolean;
  readonly quiet?: boolean;
  /** False with --no-isolation. */
  readonly isolation?: boolean;
  /** The config file to read (`--config`). */
  readonly config?: string;
  /** `--client-config FILE`: take the server from an MCP client's config. */
  readonly clientConfig?: string;
  /** `--server NAME`: which server of the client config. */
  readonly server?: string;
  /** `--into-sandbox`: point the client config's host paths and database URLs at `{fs}` and `{pg}`. */
  readonly intoSandbox?: boolean;
  /** `--append-arg WORD`: arguments added after the client config's. */
  readonly appendArg: readonly string[];
  /** `--allow-install-scripts`: run the install scripts of a package an npx-style command installs. */
  readonly allowInstallScripts?: boolean;
  /** `--work-dir DIR`: where the run directories (the sandboxes) are made; the system temp dir by default. */
  readonly workDir?: string;
  readonly color?: boolean;
}
