import { CommanderError } from 'commander';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { baselineFromReport, parseBaseline, serializeBaseline } from '../baseline/baselineFile.js';
import type { Baseline } from '../baseline/baselineFile.js';
import { hasFailingDrift } from '../model/report.js';
import { failingContradictions } from '../report/failingContradictions.js';
import type { Report } from '../model/report.js';
import { inertLoose } from '../model/inertText.js';
import { boundText, serverText } from '../model/serverText.js';
import { runChecks } from '../engine/engine.js';
import type { PgProviderOptions } from '../../harness/environments/postgres/index.js';
import { SetupError } from '../model/setupError.js';
import { NEUTRAL_CLIENT } from '../mcp/clientIdentity.js';
import { VERSION } from '../version.js';
import { EXIT } from './exitCodes.js';
import { FAILURES_DIRECTORY, saveFailures } from './failures.js';
import { checkOutputs } from './outputs.js';
import { parseIgnorePatterns } from '../engine/policy/ignorePattern.js';
import { checkSandboxedEnv } from './sandboxedEnv.js';
import { applyConfig } from './applyConfig.js';
import { init } from './init.js';
import { loadConfig } from './loadConfig.js';
import type { ToolSettings } from '../config/defineConfig.js';
import { prepareLaunch } from '../launch/prepareLaunch.js';
import { serverFromClientConfig } from './clientServer.js';
import { createRedactor } from './redactSecrets.js';
import type { Redactor } from './redactSecrets.js';
import { replay } from './replay.js';
import { createReporters } from './reporters.js';
import type { CheckArguments } from './checkArguments.js';
import type { Io } from './io.js';
import { buildProgram } from './program.js';
import { replayLine } from './replayLine.js';
import { resolveCommandPaths } from '../launch/resolveCommandPaths.js';
import { watchChecks, watchedDirectories } from './watch.js';
import { workDirectory } from './workDirectory.js';

/** The most of one error message printed: 16,000 characters (a message quotes a server's text, bounded). */
const MESSAGE_CHARS = 16_000;

/** Runs the CLI with `argv` (without node and the script) and resolves to the exit code. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  let exitCode: number = EXIT.ok;
  let verbose = argv.includes('--verbose');
  // Secrets of a client config, once read: nothing printed below may show them.
  let redactor: Redactor = createRedactor([]);
  const program = buildProgram(
    async (args, explicit) => {
      verbose = args.verbose;
      const configured = applyConfig(args, explicit, await loadConfig(args.config, io.cwd));
      const once = () => check(configured, io, (made) => (redactor = made));
      exitCode = args.watch
        ? await watchChecks(
            once,
            watchedDirectories(resolveCommandPaths([args.command, ...args.args], io.cwd)),
            io,
          )
        : await once();
    },
    async (id) => {
      exitCode = await replay(id, io, main);
    },
    async (file) => {
      exitCode = init(file, io);
      return Promise.resolve();
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
    // Messages quote what the server printed (stderr, stdout lines, names), each part through serverText (one
    // line, inert, bounded) where the message is made; here, the whole is inert and bounded once more.
    const say = (text: string) =>
      io.stderr(inertLoose(boundText(redactor.text(text), MESSAGE_CHARS), { keepNewlines: true }));
    if (error instanceof SetupError) {
      say(`hintproof: ${error.message}\n`);
      if (verbose && error.cause instanceof Error && error.cause.stack) say(`${error.cause.stack}\n`);
      return EXIT.setup;
    }
    // Its message may quote anything, a server's text included: on one line.
    const message = serverText(error instanceof Error ? error.message : String(error));
    say(`hintproof: internal error: ${message}\n`);
    say(
      verbose && error instanceof Error && error.stack
        ? `${error.stack}\n`
        : 'Run again with --verbose for the stack trace, and please report it.\n',
    );
    return EXIT.setup;
  }
}

async function check(
  args: CheckArguments & { toolSettings?: Readonly<Record<string, ToolSettings>> },
  callerIo: Io,
  onRedactor: (redactor: Redactor) => void,
): Promise<number> {
  const client =
    args.clientConfig === undefined ? undefined : serverFromClientConfig(args, callerIo.cwd, callerIo.env);
  const redactor = createRedactor(client?.secrets ?? []);
  onRedactor(redactor);
  const io: Io = {
    ...callerIo,
    stdout: (text) => callerIo.stdout(redactor.text(text)),
    stderr: (text) => callerIo.stderr(redactor.text(text)),
  };
  for (const note of client?.notes ?? []) io.stderr(`${note}\n`);
  if (args.path !== undefined && (args.tool.length !== 1 || args.seed === undefined)) {
    throw new SetupError(
      `--path replays one counterexample of one tool, so it needs exactly one --tool and a --seed; received ` +
        `${args.tool.length} --tool and ${args.seed === undefined ? 'no' : 'a'} --seed. ` +
        'Copy the whole "Reproduce with:" line from the report.',
    );
  }
  checkOutputs(args);
  parseIgnorePatterns(args.ignore);
  const baseline = loadBaseline(args);
  const given = client === undefined ? [args.command, ...args.args] : [client.command, ...client.args];
  const [command = args.command, ...commandArgs] = resolveCommandPaths(given, io.cwd);
  const serverEnv = { ...(client?.env ?? {}), ...args.env };
  checkSandboxedEnv(serverEnv);
  const pgEnvironment = pgOptions(args, [...given, ...Object.values(serverEnv)]);
  // What a replay needs, from any directory: the command's files absolute, the client config re-read.
  const replayArgs: CheckArguments = {
    ...args,
    ...(client === undefined
      ? { command, args: commandArgs }
      : { clientConfig: client.file, server: client.name }),
  };
  const reporters = createReporters(args, io, [command, ...commandArgs]);
  const seed = args.seed ?? io.randomSeed();
  const launch = await prepareLaunch(command, commandArgs, {
    cwd: io.cwd,
    env: io.env,
    allowScripts: args.allowInstallScripts === true,
    ...(args.installTimeout === undefined ? {} : { installTimeoutMs: args.installTimeout * 1000 }),
  });
  if (launch.skippedScripts.length > 0) {
    io.stderr(
      `hintproof: the install scripts of ${launch.skippedScripts.join(', ')} were not run. If the server needs ` +
        'them (a native build), pass --allow-install-scripts (they run on this machine, outside the sandbox).\n',
    );
  }
  const report = await runChecks(
    {
      server: {
        command: launch.command,
        args: launch.args,
        env: serverEnv,
        startupTimeoutSeconds: args.startupTimeout,
        clientVersion: VERSION,
        readOnly: launch.readOnly,
        ...(launch.relocate === undefined ? {} : { relocate: launch.relocate }),
        ...(launch.ownPackage === undefined ? {} : { ownPackage: launch.ownPackage }),
        client: {
          name: args.clientName ?? NEUTRAL_CLIENT.name,
          version: args.clientVersion ?? NEUTRAL_CLIENT.version,
        },
      },
      ...(launch.package === undefined ? {} : { package: launch.package }),
      ...(args.fs === undefined ? {} : { fsSeed: args.fs }),
      ...(args.sqlite === undefined ? {} : { sqliteSeed: args.sqlite }),
      ...(args.home === undefined ? {} : { homeSeed: args.home }),
      ...pgEnvironment,
      runs: args.runs,
      maxCommands: args.maxCommands,
      maxObservers: args.maxObservers,
      settleMaxMs: args.settleMax,
      maxTools: args.maxTools,
      ...(args.jobs === undefined ? {} : { jobs: args.jobs }),
      seed,
      ...(args.path === undefined ? {} : { path: args.path }),
      tools: args.tool,
      timeoutSeconds: args.timeout,
      ignore: args.ignore,
      calibrationMs: args.calibration,
      commandLine: given,
      replayLine: (tool, runSeed, path, producers) =>
        replayLine(replayArgs, tool, runSeed, path, producers, io.cwd),
      ...(args.producers === undefined ? {} : { producers: args.producers }),
      ...(baseline === undefined ? {} : { baseline }),
      isolation: args.isolation !== false,
      ...(args.workDir === undefined ? {} : { workDirectory: workDirectory(args.workDir, io.cwd) }),
      ...(args.toolSettings === undefined ? {} : { toolSettings: args.toolSettings }),
      ...(args.strictClosedWorld === true ? { strictClosedWorld: true } : {}),
    },
    (event) => reporters.emit(redactor.value(event)),
  );
  reporters.finish();
  const saved = saveOrSay(redactor.value(report), replayArgs, io);
  if (saved.length > 0 && args.reporter?.includes('text') !== false) {
    io.stdout(
      `Saved ${saved.length} failing case(s) in ${FAILURES_DIRECTORY}; re-run one with: hintproof replay ${saved[0]}\n`,
    );
  }
  // Contradictions below --fail-on are reported all the same, and pass.
  const failing = failingContradictions(report, args.failOn).length > 0;
  if (args.updateBaseline && args.baseline !== undefined) {
    writeFileSync(args.baseline, serializeBaseline(baselineFromReport(report)));
    io.stderr(`hintproof: wrote the behaviour baseline to ${args.baseline}; review it before committing.\n`);
    return failing ? EXIT.contradicted : EXIT.ok;
  }
  return failing || hasFailingDrift(report) ? EXIT.contradicted : EXIT.ok;
}

/** Saves the failing cases; when that fails, says why and goes on: the verdicts and exit code stand. */
function saveOrSay(report: Report, args: CheckArguments, io: Io): string[] {
  try {
    return saveFailures(report, args, io.cwd);
  } catch (error) {
    io.stderr(
      inertLoose(`hintproof: the failing cases were not saved: ${(error as Error).message}\n`, {
        keepNewlines: true,
      }),
    );
    return [];
  }
}

/** Reads `--baseline FILE`; with `--update-baseline` a missing file is fine (it is about to be written). */
function loadBaseline(args: CheckArguments): Baseline | undefined {
  if (args.updateBaseline && args.baseline === undefined) {
    throw new SetupError(
      '--update-baseline needs --baseline FILE: the file to write the observed behaviour to.',
    );
  }
  if (args.baseline === undefined) return undefined;
  if (!existsSync(args.baseline)) {
    if (args.updateBaseline) return undefined;
    throw new SetupError(
      `--baseline ${args.baseline}: no such file. Create it with --update-baseline (then review and commit it).`,
    );
  }
  try {
    return parseBaseline(readFileSync(args.baseline, 'utf8'), args.baseline);
  } catch (error) {
    throw new SetupError((error as Error).message, { cause: error });
  }
}

/** The Postgres environment, when `--pg`, `--pg-provider`, `--pg-url` or a `{pg…}` placeholder asks for one. */
function pgOptions(args: CheckArguments, words: readonly string[]): { pg?: PgProviderOptions } {
  const wanted =
    args.pg !== undefined ||
    args.pgProvider !== undefined ||
    args.pgUrl !== undefined ||
    args.pgSuperuser === true ||
    words.some((w) => /\{pg[.}]/.test(w));
  if (!wanted) return {};
  if (args.pg === undefined && !words.some((w) => /\{pg[.}]/.test(w))) {
    const flag =
      args.pgUrl !== undefined
        ? `--pg-url ${withoutPassword(args.pgUrl)}`
        : args.pgProvider !== undefined
          ? `--pg-provider ${args.pgProvider}`
          : '--pg-superuser';
    throw new SetupError(
      `${flag}: says how each run's Postgres database is made, but nothing asks for one: there is no --pg ` +
        'seed and no {pg} placeholder in the server command or its --env values, so the server would never be ' +
        'told of the database. Pass --pg <seed.sql> and put {pg} (or {pg.host}, {pg.port}, …) where the server ' +
        'takes its database, e.g. --env DATABASE_URL={pg}; or drop the option.',
    );
  }
  const provider = args.pgProvider ?? (args.pgUrl === undefined ? 'embedded' : 'url');
  if (args.pgUrl !== undefined && provider !== 'url') {
    throw new SetupError(
      `--pg-url is only used by --pg-provider url; received --pg-provider ${provider}. Drop one of them.`,
    );
  }
  return {
    pg: {
      provider,
      ...(args.pg === undefined ? {} : { seed: args.pg }),
      ...(args.pgUrl === undefined ? {} : { url: args.pgUrl }),
      ...(args.pgSuperuser ? { superuser: true } : {}),
    },
  };
}

/** A database URL with its password masked, for messages (the text as given when it is no URL). */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password === '') return url;
    parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(a --pg-url that is not a URL)';
  }
}
