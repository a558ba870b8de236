import type { Report } from '../model/report.js';
import { runChecks } from '../run/engine.js';
import type { EventSink } from '../model/events.js';
import type { InProcessServer } from '../run/inProcessSession.js';
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
  readonly runs?: number;
  /** fast-check seed (default: random; the report says which). */
  readonly seed?: number;
  /** Replay one counterexample: its path (with `seed` and exactly one tool). */
  readonly path?: string;
  readonly tools?: readonly string[];
  /**
   * Tools to favour in the calls made first to build state (see `--producers`); learned during the check when
   * absent. Replays of a counterexample found after such calls pass the list it was found with.
   */
  readonly producers?: readonly string[];
  readonly timeoutSeconds?: number;
  readonly startupTimeoutSeconds?: number;
  readonly ignore?: readonly string[];
  readonly calibrationMs?: number;
  /** Receives every engine event (progress, observations). */
  readonly onEvent?: EventSink;
}

/**
 * Checks every tool of a server and resolves to the report (the JSON report's shape). Throws SetupError when
 * nothing can be checked. For an in-process server no process is spawned: each run calls the factory.
 */
export async function checkServer(options: CheckServerOptions): Promise<Report> {
  const { server } = options;
  const startupTimeoutSeconds = options.startupTimeoutSeconds ?? 30;
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const common = { clientVersion: VERSION, startupTimeoutSeconds };
  const spec =
    typeof server === 'function'
      ? { ...common, inProcess: server }
      : { ...common, command: server.command, args: server.args ?? [], env: server.env ?? {} };
  const commandLine =
    typeof server === 'function' ? ['(in-process server)'] : [server.command, ...(server.args ?? [])];
  return runChecks(
    {
      server: spec,
      ...(options.fs === undefined ? {} : { fsSeed: options.fs }),
      runs: options.runs ?? 25,
      seed,
      ...(options.path === undefined ? {} : { path: options.path }),
      ...(options.tools === undefined ? {} : { tools: options.tools }),
      timeoutSeconds: options.timeoutSeconds ?? 10,
      ignore: options.ignore ?? [],
      calibrationMs: options.calibrationMs ?? 250,
      commandLine,
      ...(options.producers === undefined ? {} : { producers: options.producers }),
      replayCommand: (tool, runSeed, path, producers) =>
        typeof server === 'function'
          ? `checkServer({ …, tools: [${JSON.stringify(tool)}], seed: ${runSeed}, path: ${JSON.stringify(path)}${
              producers === undefined ? '' : `, producers: ${JSON.stringify(producers)}`
            } })`
          : [
              'hintproof check',
              ...(options.fs === undefined ? [] : ['--fs', options.fs]),
              '--tool',
              tool,
              '--seed',
              String(runSeed),
              '--path',
              path,
              ...(producers === undefined
                ? []
                : ['--producers', producers.length > 0 ? producers.join(',') : 'none']),
              '--',
              ...commandLine,
            ].join(' '),
    },
    options.onEvent ?? (() => {}),
  );
}
