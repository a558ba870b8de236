import { CommanderError } from 'commander';
import { hasContradiction } from '../report/model.js';
import { runChecks } from '../run/engine.js';
import { SetupError } from '../run/setupError.js';
import { VERSION } from '../version.js';
import { EXIT } from './exitCodes.js';
import { checkOutputs } from './outputs.js';
import { createReporters } from './reporters.js';
import type { CheckArguments } from './program.js';
import { buildProgram } from './program.js';
import { replayCommand } from './replayCommand.js';
import { resolveCommandPaths } from './resolveCommandPaths.js';

export interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly isTty: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The seed used when `--seed` is not given. */
  readonly randomSeed: () => number;
  /** The invocation directory: relative paths in the server command resolve against it. */
  readonly cwd: string;
}

/** Runs the CLI with `argv` (without node and the script) and resolves to the exit code. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  let exitCode: number = EXIT.ok;
  let verbose = argv.includes('--verbose');
  const program = buildProgram(
    async (args) => {
      verbose = args.verbose;
      exitCode = await check(args, io);
    },
    { writeOut: io.stdout, writeErr: io.stderr },
  );
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with exit code 0; usage errors were already printed.
      return error.exitCode === 0 ? EXIT.ok : EXIT.setup;
    }
    if (error instanceof SetupError) {
      io.stderr(`hintproof: ${error.message}\n`);
      if (verbose && error.cause instanceof Error && error.cause.stack) io.stderr(`${error.cause.stack}\n`);
      return EXIT.setup;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`hintproof: internal error: ${message}\n`);
    io.stderr(
      verbose && error instanceof Error && error.stack
        ? `${error.stack}\n`
        : 'Run again with --verbose for the stack trace, and please report it.\n',
    );
    return EXIT.setup;
  }
}

async function check(args: CheckArguments, io: Io): Promise<number> {
  if (args.path !== undefined && (args.tool.length !== 1 || args.seed === undefined)) {
    throw new SetupError(
      `--path replays one counterexample of one tool, so it needs exactly one --tool and a --seed; received ` +
        `${args.tool.length} --tool and ${args.seed === undefined ? 'no' : 'a'} --seed. ` +
        'Copy the whole "Reproduce with:" line from the report.',
    );
  }
  checkOutputs(args);
  const [command = args.command, ...commandArgs] = resolveCommandPaths([args.command, ...args.args], io.cwd);
  const reporters = createReporters(args, io, [command, ...commandArgs]);
  const seed = args.seed ?? io.randomSeed();
  const report = await runChecks(
    {
      server: {
        command,
        args: commandArgs,
        env: args.env,
        startupTimeoutSeconds: args.startupTimeout,
        clientVersion: VERSION,
      },
      ...(args.fs === undefined ? {} : { fsSeed: args.fs }),
      runs: args.runs,
      seed,
      ...(args.path === undefined ? {} : { path: args.path }),
      tools: args.tool,
      timeoutSeconds: args.timeout,
      ignore: args.ignore,
      calibrationMs: args.calibration,
      commandLine: [args.command, ...args.args],
      replayCommand: (tool, runSeed, path) => replayCommand(args, tool, runSeed, path),
    },
    reporters.emit,
  );
  reporters.finish();
  return hasContradiction(report) ? EXIT.contradicted : EXIT.ok;
}
