import { shellJoin } from '../report/shellQuote.js';
import { absoluteShape, replayWords as shapeReplayWords } from '../replay/replayWords.js';
import type { RunShape } from '../replay/replayWords.js';
import type { CheckArguments } from './checkArguments.js';

/** What shaped a `check` run, its file options absolute against `cwd` (the invocation directory). */
function runShape(args: CheckArguments, cwd: string): RunShape {
  return absoluteShape(
    {
      command: [args.command, ...args.args],
      ...(args.config === undefined ? {} : { config: args.config }),
      ...(args.clientConfig === undefined ? {} : { clientConfig: args.clientConfig }),
      ...(args.server === undefined ? {} : { server: args.server }),
      ...(args.intoSandbox ? { intoSandbox: true } : {}),
      appendArg: args.appendArg,
      ...(args.fs === undefined ? {} : { fs: args.fs }),
      ...(args.sqlite === undefined ? {} : { sqlite: args.sqlite }),
      ...(args.home === undefined ? {} : { home: args.home }),
      ...(args.pg === undefined ? {} : { pg: args.pg }),
      ...(args.pgProvider === undefined ? {} : { pgProvider: args.pgProvider }),
      ...(args.pgUrl === undefined ? {} : { pgUrl: args.pgUrl }),
      ...(args.pgSuperuser ? { pgSuperuser: true } : {}),
      env: args.env,
      ignore: args.ignore,
      runs: args.runs,
      maxCommands: args.maxCommands,
      maxObservers: args.maxObservers,
      settleMax: args.settleMax,
      timeout: args.timeout,
      startupTimeout: args.startupTimeout,
      ...(args.clientName === undefined ? {} : { clientName: args.clientName }),
      ...(args.clientVersion === undefined ? {} : { clientVersion: args.clientVersion }),
      calibration: args.calibration,
      ...(args.isolation === false ? { isolation: false } : {}),
      ...(args.allowInstallScripts ? { allowInstallScripts: true } : {}),
      ...(args.workDir === undefined ? {} : { workDir: args.workDir }),
    },
    cwd,
  );
}

/**
 * The command that replays one counterexample: every option that shaped the run (see `replayWords` in
 * src/replay), plus `--tool`, `--seed`, `--path` and, for a counterexample found after a preamble,
 * `--producers`. File options are absolute, so it reproduces from any directory.
 */
export function replayLine(
  args: CheckArguments,
  tool: string,
  seed: number,
  path: string,
  producers?: readonly string[],
  cwd = process.cwd(),
): string {
  return shellJoin(replayWords(args, tool, seed, path, producers, cwd));
}

/** `replayLine` as an argument vector, starting with `hintproof check`. */
export function replayWords(
  args: CheckArguments,
  tool: string,
  seed: number,
  path: string,
  producers?: readonly string[],
  cwd = process.cwd(),
): string[] {
  return shapeReplayWords(runShape(args, cwd), {
    tool,
    seed,
    path,
    ...(producers === undefined ? {} : { producers }),
  });
}
