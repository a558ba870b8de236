import { DEFAULTS } from '../settings/checkSettings.js';
import type { CheckSettings } from '../settings/checkSettings.js';
import type { Report } from '../model/report.js';
import { runChecks } from '../engine/engine.js';
import type { EventSink } from '../model/events.js';
import type { InProcessServer, InProcessSpec } from '../engine/session/inProcessSession.js';
import type { ServerSpec } from '../engine/session/serverSpec.js';
import type { PackageInfo } from '../model/report.js';
import { prepareLaunch } from '../launch/prepareLaunch.js';
import { shellJoin } from '../report/shellQuote.js';
import { absoluteShape, replayWords } from '../replay/replayWords.js';
import { resolveCommandPaths } from '../launch/resolveCommandPaths.js';
import { VERSION } from '../version.js';

/** A stdio server to spawn: `{fs}` in the command, its arguments and env values becomes the sandbox. */
export interface StdioServer {
  readonly command: string;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

/** Makes a fresh in-process server for one run, acting on that run's sandbox (`placeholders.fs`). */
export type ServerFactory = (
  placeholders: Readonly<Record<string, string>>,
) => InProcessServer | Promise<InProcessServer>;

export interface CheckServerOptions {
  readonly server: StdioServer | ServerFactory;
  /** Seed directory copied into each run's sandbox. */
  readonly fs?: string;
  /** Commands per tool (default 25). */
  readonly runs?: CheckSettings['runs'];
  /** fast-check seed (default: random; the report says which). */
  readonly seed?: CheckSettings['seed'];
  /** Replay one counterexample: its path (with `seed` and exactly one tool). */
  readonly path?: string;
  readonly tools?: readonly string[];
  /**
   * Tools to favour in the calls made first to build state (see `--producers`); learned during the check when
   * absent. Replays of a counterexample found after such calls pass the list it was found with.
   */
  readonly producers?: CheckSettings['producers'];
  readonly timeoutSeconds?: CheckSettings['timeout'];
  readonly startupTimeoutSeconds?: CheckSettings['startupTimeout'];
  readonly ignore?: CheckSettings['ignore'];
  readonly calibrationMs?: CheckSettings['calibration'];
  /** A closed-world finding contradicts `openWorldHint: false` (`--strict-closed-world`); default: listed only. */
  readonly strictClosedWorld?: CheckSettings['strictClosedWorld'];
  /** Calls one server process and sandbox makes before a fresh one (default 250; 1: every run fresh). */
  readonly maxCommands?: CheckSettings['maxCommands'];
  /** Tools checked at once (default: the CPU count, at most 4); the report is the same for any value. */
  readonly jobs?: CheckSettings['jobs'];
  /** Receives every engine event (progress, observations). */
  readonly onEvent?: EventSink;
  /**
   * Stops the check: no run starts once it fires, every session is closed, and the promise rejects with the
   * signal's reason (no report: verdicts on part of the budget would not be the check's).
   */
  readonly signal?: AbortSignal;
}

/**
 * Checks every tool of a server and resolves to the report (the JSON report's shape). Throws SetupError when
 * nothing can be checked. For an in-process server no process is spawned: each run calls the factory.
 */
export async function checkServer(options: CheckServerOptions): Promise<Report> {
  const { server } = options;
  const startupTimeoutSeconds = options.startupTimeoutSeconds ?? DEFAULTS.startupTimeout;
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const common = { clientVersion: VERSION, startupTimeoutSeconds };
  const cwd = process.cwd();
  const commandLine =
    typeof server === 'function' ? ['(in-process server)'] : [server.command, ...(server.args ?? [])];
  let spec: ServerSpec | InProcessSpec;
  let installed: PackageInfo | undefined;
  if (typeof server === 'function') {
    spec = { ...common, inProcess: server };
  } else {
    const [command = server.command, ...args] = resolveCommandPaths(commandLine, cwd);
    const launch = await prepareLaunch(command, args, { cwd, env: process.env });
    spec = {
      ...common,
      command: launch.command,
      args: launch.args,
      env: server.env ?? {},
      readOnly: launch.readOnly,
      ...(launch.relocate === undefined ? {} : { relocate: launch.relocate }),
      ...(launch.ownPackage === undefined ? {} : { ownPackage: launch.ownPackage }),
    };
    installed = launch.package;
  }
  const shape = absoluteShape(
    {
      command: commandLine,
      ...(options.fs === undefined ? {} : { fs: options.fs }),
      env: typeof server === 'function' ? {} : (server.env ?? {}),
      ignore: options.ignore ?? [],
      ...(options.runs === undefined ? {} : { runs: options.runs }),
      ...(options.maxCommands === undefined ? {} : { maxCommands: options.maxCommands }),
      ...(options.timeoutSeconds === undefined ? {} : { timeout: options.timeoutSeconds }),
      startupTimeout: startupTimeoutSeconds,
      ...(options.calibrationMs === undefined ? {} : { calibration: options.calibrationMs }),
      ...(options.strictClosedWorld === true ? { strictClosedWorld: true } : {}),
    },
    cwd,
  );
  return runChecks(
    {
      server: spec,
      ...(installed === undefined ? {} : { package: installed }),
      ...(options.fs === undefined ? {} : { fsSeed: options.fs }),
      runs: options.runs ?? DEFAULTS.runs,
      ...(options.maxCommands === undefined ? {} : { maxCommands: options.maxCommands }),
      ...(options.jobs === undefined ? {} : { jobs: options.jobs }),
      seed,
      ...(options.path === undefined ? {} : { path: options.path }),
      ...(options.tools === undefined ? {} : { tools: options.tools }),
      timeoutSeconds: options.timeoutSeconds ?? DEFAULTS.timeout,
      ignore: options.ignore ?? [],
      calibrationMs: options.calibrationMs ?? DEFAULTS.calibration,
      commandLine,
      ...(options.producers === undefined ? {} : { producers: options.producers }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.strictClosedWorld === true ? { strictClosedWorld: true } : {}),
      replayLine: (tool, runSeed, path, producers) =>
        typeof server === 'function'
          ? `checkServer({ …, tools: [${JSON.stringify(tool)}], seed: ${runSeed}, path: ${JSON.stringify(path)}${
              producers === undefined ? '' : `, producers: ${JSON.stringify(producers)}`
            } })`
          : shellJoin(
              replayWords(shape, {
                tool,
                seed: runSeed,
                path,
                ...(producers === undefined ? {} : { producers }),
              }),
            ),
    },
    options.onEvent ?? (() => {}),
  );
}
