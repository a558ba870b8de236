import type { DiskLimit } from '../../../harness/process/index.js';
import {
  DEFAULT_DISK_LIMIT,
  detectIsolation,
  egressTraceAvailable,
  familyFilterGap,
} from '../../../harness/process/index.js';
import { SetupError } from '../../model/setupError.js';

/** How a spawned server is isolated (what `startSession` needs). */
export interface SpawnIsolation {
  readonly mechanism: 'bubblewrap' | 'unshare';
  /** Record the server's connection attempts (strace). */
  readonly traceEgress: boolean;
  /** What the server may add to its sandbox directory before it is stopped. */
  readonly disk: DiskLimit;
}

/** How this run contains its server, and whether it can observe egress (openWorldHint). */
export interface IsolationPlan {
  readonly isolation: 'bubblewrap' | 'unshare' | 'none';
  /**
   * Why the server is not isolated (said on the report's first line); when it is, what the sandbox lacks on
   * this host (address families not filtered), said with the isolation.
   */
  readonly note?: string;
  /** What state goes unobserved because the server is not isolated (said with the note); absent when it is. */
  readonly unobserved?: string;
  /** Why egress is not observed (the openWorldHint verdicts say it); absent when it is. */
  readonly egressUnobserved?: string;
  /** What a spawned server's session needs; absent when it is not isolated. */
  readonly spawn?: SpawnIsolation;
}

/** What a run that is not isolated cannot see (a tool writing there looks read-only). */
const UNOBSERVED_OUTSIDE =
  'state outside the sandbox (services the server connects to, such as databases and caches, your real HOME, ' +
  'files outside {fs}) is not observed: a tool that writes only there looks read-only';

/**
 * Decides the isolation of a run: bubblewrap, or `unshare` as root without it (with egress traced by strace
 * when installed), unless the user turned it off, the server runs in-process or the machine cannot. A pg
 * environment is handed into the sandbox by the environment itself (a socket gate and a loopback relay).
 * Two environment variables steer it: HINTPROOF_ISOLATION=unshare|bubblewrap picks the mechanism (tests of
 * the fallback), HINTPROOF_DISK_LIMIT_MB sets how much a server may write into its sandbox (default 1024).
 */
export function isolationPlan(
  request: { readonly wanted: boolean; readonly inProcess: boolean },
  env: Readonly<Record<string, string | undefined>> = process.env,
): IsolationPlan {
  const none = (note: string): IsolationPlan => ({
    isolation: 'none',
    note,
    unobserved: UNOBSERVED_OUTSIDE,
    egressUnobserved: `egress is observed only in an isolated run, and this one was not isolated (${note})`,
  });
  if (request.inProcess) return none('the server runs in-process');
  if (!request.wanted) return none('--no-isolation');
  const detected = detectIsolation(preferred(env));
  if (detected.kind === 'none') return none(detected.reason ?? 'no isolation available');
  const traced = egressTraceAvailable();
  const gap = familyFilterGap();
  return {
    isolation: detected.kind,
    ...(gap === undefined ? {} : { note: gap }),
    ...(traced
      ? {}
      : {
          egressUnobserved: 'egress is observed with strace, which is not installed (apt-get install strace)',
        }),
    spawn: { mechanism: detected.kind, traceEgress: traced, disk: diskLimit(env) },
  };
}

function preferred(env: Readonly<Record<string, string | undefined>>): 'bubblewrap' | 'unshare' | undefined {
  const value = env.HINTPROOF_ISOLATION;
  if (value === undefined || value === '') return undefined;
  if (value === 'bubblewrap' || value === 'unshare') return value;
  throw new SetupError(
    `HINTPROOF_ISOLATION must be "bubblewrap" or "unshare" (received "${value}"). Unset it to let hintproof ` +
      'choose, or use --no-isolation to run without isolation.',
  );
}

function diskLimit(env: Readonly<Record<string, string | undefined>>): DiskLimit {
  const megabytes = positive(env, 'HINTPROOF_DISK_LIMIT_MB', 'MiB', '2048');
  const files = positive(env, 'HINTPROOF_DISK_LIMIT_FILES', 'files and directories', '500000');
  return {
    bytes: megabytes === undefined ? DEFAULT_DISK_LIMIT.bytes : Math.round(megabytes * 1024 ** 2),
    entries: files === undefined ? DEFAULT_DISK_LIMIT.entries : Math.ceil(files),
  };
}

/** A positive number set in `env[name]`; `undefined` when unset. */
function positive(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  unit: string,
  example: string,
): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    throw new SetupError(
      `${name} must be a positive number of ${unit} (received "${value}"), e.g. ${name}=${example}.`,
    );
  }
  return number;
}
