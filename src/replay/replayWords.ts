import { isAbsolute, resolve } from 'node:path';
import { DEFAULTS } from '../settings/checkSettings.js';

/**
 * Everything that shaped a run, as `hintproof check` options: what a replay command must carry to reproduce
 * a counterexample from any directory. Paths are absolute (see `absoluteShape`).
 */
export interface RunShape {
  /** The server command, placeholders left in; absent when a client config names the server. */
  readonly command?: readonly string[];
  /** A hintproof config file (its per-tool runs and fixed arguments shaped the run). */
  readonly config?: string;
  /** An MCP client config and the server in it: re-read by the replay, so its env values never appear. */
  readonly clientConfig?: string;
  readonly server?: string;
  readonly intoSandbox?: boolean;
  readonly appendArg?: readonly string[];
  readonly fs?: string;
  /** A SQLite seed database (`--sqlite`). */
  readonly sqlite?: string;
  /** The directory copied into the private HOME (`--home`). */
  readonly home?: string;
  readonly pg?: string;
  readonly pgProvider?: string;
  readonly pgUrl?: string;
  readonly pgSuperuser?: boolean;
  readonly env?: Readonly<Record<string, string>>;
  readonly ignore?: readonly string[];
  readonly runs?: number;
  /** `--max-commands`: the sessions' length shaped which calls came before a counterexample. */
  readonly maxCommands?: number;
  /** `--max-observers`: which reads saw the state shaped the verdict. */
  readonly maxObservers?: number;
  /** `--settle-max`: how long effects were waited for decided which call they were charged to. */
  readonly settleMax?: number;
  readonly timeout?: number;
  readonly startupTimeout?: number;
  readonly calibration?: number;
  /** How hintproof introduced itself (`--client-name`, `--client-version`): a server may act on it. */
  readonly clientName?: string;
  readonly clientVersion?: string;
  /** False for `--no-isolation`. */
  readonly isolation?: boolean;
  readonly allowInstallScripts?: boolean;
  /** `--work-dir`: where the sandboxes were made (a server may refuse some places, e.g. under /tmp). */
  readonly workDir?: string;
}

/** The counterexample a replay command targets. */
export interface ReplayTarget {
  readonly tool: string;
  readonly seed: number;
  readonly path: string;
  /** The tools the preamble favoured (`--producers`; `none` when it favoured none). */
  readonly producers?: readonly string[];
}

/** The defaults of `hintproof check`: a shape's value equal to one of these is left out. */
const CHECK_DEFAULTS = DEFAULTS;

/**
 * The argument vector, starting with `hintproof check`, that replays one counterexample: every option of the
 * run's shape, then `--tool`, `--seed`, `--path` (and `--producers`), then `--` and the command. The CLI and
 * the library build their "Reproduce with" lines with it (quoted by `shellJoin`).
 */
export function replayWords(shape: RunShape, target: ReplayTarget): string[] {
  const words = ['hintproof', 'check'];
  const option = (name: string, value: string | undefined) => {
    if (value !== undefined) words.push(name, value);
  };
  const number = (name: string, value: number | undefined, fallback: number) => {
    if (value !== undefined && value !== fallback) words.push(name, String(value));
  };
  option('--config', shape.config);
  option('--client-config', shape.clientConfig);
  option('--server', shape.server);
  if (shape.intoSandbox) words.push('--into-sandbox');
  for (const word of shape.appendArg ?? []) words.push('--append-arg', word);
  option('--fs', shape.fs);
  option('--sqlite', shape.sqlite);
  option('--home', shape.home);
  option('--pg', shape.pg);
  option('--pg-provider', shape.pgProvider);
  option('--pg-url', shape.pgUrl);
  if (shape.pgSuperuser) words.push('--pg-superuser');
  for (const [key, value] of Object.entries(shape.env ?? {})) words.push('--env', `${key}=${value}`);
  for (const pattern of shape.ignore ?? []) words.push('--ignore', pattern);
  number('--runs', shape.runs, CHECK_DEFAULTS.runs);
  number('--max-commands', shape.maxCommands, CHECK_DEFAULTS.maxCommands);
  number('--max-observers', shape.maxObservers, CHECK_DEFAULTS.maxObservers);
  number('--settle-max', shape.settleMax, CHECK_DEFAULTS.settleMax);
  number('--timeout', shape.timeout, CHECK_DEFAULTS.timeout);
  number('--startup-timeout', shape.startupTimeout, CHECK_DEFAULTS.startupTimeout);
  // A server may behave differently for another client: the replay introduces itself the same way.
  option('--client-name', shape.clientName);
  option('--client-version', shape.clientVersion);
  number('--calibration', shape.calibration, CHECK_DEFAULTS.calibration);
  if (shape.isolation === false) words.push('--no-isolation');
  if (shape.allowInstallScripts) words.push('--allow-install-scripts');
  option('--work-dir', shape.workDir);
  words.push('--tool', target.tool, '--seed', String(target.seed), '--path', target.path);
  if (target.producers !== undefined) {
    words.push('--producers', target.producers.length > 0 ? target.producers.join(',') : 'none');
  }
  if (shape.command !== undefined && shape.clientConfig === undefined) words.push('--', ...shape.command);
  return words;
}

/** The shape with its file options made absolute against `cwd`, so the replay works from anywhere. */
export function absoluteShape(shape: RunShape, cwd: string): RunShape {
  const absolute = (path: string | undefined) =>
    path === undefined || isAbsolute(path) ? path : resolve(cwd, path);
  const files = {
    config: absolute(shape.config),
    clientConfig: absolute(shape.clientConfig),
    fs: absolute(shape.fs),
    sqlite: absolute(shape.sqlite),
    home: absolute(shape.home),
    pg: absolute(shape.pg),
    workDir: absolute(shape.workDir),
  };
  return {
    ...shape,
    ...Object.fromEntries(Object.entries(files).filter(([, value]) => value !== undefined)),
  };
}
