import { DEFAULTS } from '../model/defaults.js';
import { MAX_DEFAULT_JOBS } from '../engine/checkInOrder.js';
import { Command, Option } from 'commander';
import { NEUTRAL_CLIENT } from '../mcp/clientIdentity.js';
import { PG_PROVIDERS } from '../../harness/environments/postgres/index.js';
import { VERSION } from '../version.js';
import { collect, integerIn, keyValue, pathOption, replayPath, seconds, toolList } from './parseValues.js';
import { CONFIG_NAMES } from './loadConfig.js';
import { REPORTER_NAMES, reporterList } from './reporterNames.js';
import type { CheckArguments } from './checkArguments.js';

/** What commander hands over: repeatable options and flags are absent when not given. */
type ParsedOptions = Omit<
  CheckArguments,
  'command' | 'args' | 'env' | 'tool' | 'ignore' | 'verbose' | 'appendArg'
> &
  Partial<Pick<CheckArguments, 'env' | 'tool' | 'ignore' | 'verbose' | 'appendArg'>>;

const CHECK_EXAMPLES = `
Placeholders: {fs} in the command, its arguments and --env values is replaced by the run's sandbox directory;
{pg} by a URL of the run's database ({pg.host}, {pg.port}, {pg.user}, {pg.password}, {pg.database}: its parts);
{sqlite} by the path of the run's SQLite database (made from --sqlite, inside {fs}); {home} and {tmp} by the
server's private HOME and TMPDIR, which are observed like {fs} (writes under ~/.cache and ~/.npm count like
counters). HOME, TMPDIR and XDG_*_HOME given with --env must lie inside the sandbox ({fs}, {home} or {tmp}).
Every SQLite database and git repository in the sandbox is compared by meaning (rows, schema; refs, index
entries, objects), whatever its name.

Examples:
  $ hintproof check --fs ./notes -- node my-server.js {fs}
  $ hintproof check -- npx -y @modelcontextprotocol/server-filesystem {fs}
  $ hintproof check --env MEMORY_FILE_PATH={fs}/memory.jsonl -- npx -y @modelcontextprotocol/server-memory
  $ hintproof check --client-config ~/.config/Claude/claude_desktop_config.json --server memory --into-sandbox
  $ hintproof check --pg seed.sql --env DATABASE_URL={pg} -- node db-server.js
  $ hintproof check --tool read_note --seed 42 --path "7:0" -- node my-server.js {fs}

Exit codes: 0 no hint contradicted · 1 a hint contradicted, or behaviour drifted from --baseline · 2 usage or set-up error.`;

/**
 * Builds the command-line program; `onCheck` receives the parsed `check` arguments. Errors throw a
 * CommanderError instead of exiting (set before the subcommands are added, so they inherit it).
 */
export function buildProgram(
  onCheck: (args: CheckArguments, explicit: ReadonlySet<string>) => Promise<void>,
  onReplay: (id: string) => Promise<void>,
  onInit: (file: string | undefined) => Promise<void>,
  output: { writeOut: (text: string) => void; writeErr: (text: string) => void },
): Command {
  const program = new Command('hintproof')
    .exitOverride()
    .configureOutput(output)
    .description('Proves or disproves the hints MCP servers declare about their tools.')
    .version(VERSION, '-V, --version')
    .enablePositionalOptions()
    .showHelpAfterError('(run with --help for usage)');

  program
    .command('check')
    .description(
      'Run an MCP server (stdio) in a sandbox, call each tool twice with generated arguments, diff the sandbox, ' +
        'and report every declared hint (readOnlyHint, destructiveHint, idempotentHint, openWorldHint) that the observed changes and connection attempts contradict.',
    )
    .argument('[command]', 'the server command, after "--" (or server.command in the config file)')
    .argument('[args...]', 'its arguments')
    .passThroughOptions()
    .addOption(
      pathOption(
        '--client-config <file>',
        "take the server from an MCP client's config: claude_desktop_config.json, .vscode/mcp.json, " +
          '.cursor/mcp.json or .mcp.json (command, args and env; env values are never printed)',
        '.mcp.json',
      ),
    )
    .option('--server <name>', 'the server of --client-config to check (needed when it lists several)')
    .option(
      '--into-sandbox',
      "point the client config's host paths and Postgres URLs at the sandbox: a folder becomes {fs}, a file " +
        '{fs}/<name>, a database URL {pg}',
    )
    .option(
      '--append-arg <word>',
      "add an argument after the client config's, e.g. {fs}; repeatable",
      collect,
    )
    .addOption(
      pathOption(
        '--fs <dir>',
        "seed directory, copied into each run's sandbox as {fs} (default: an empty directory)",
        'seed',
      ),
    )
    .addOption(
      pathOption(
        '--home <dir>',
        "a directory copied into the server's private HOME ({home}) for each run",
        'home',
      ),
    )
    .addOption(
      pathOption(
        '--sqlite <seed>',
        'a .sql script (or a SQLite file) each run gets a fresh database of, at {fs}/<name>.db, as {sqlite}',
        'seed.sql',
      ),
    )
    .addOption(
      pathOption(
        '--pg <seed.sql>',
        'seed script loaded into a template; each run gets a fresh copy of it as {pg}',
        'seed.sql',
      ),
    )
    .addOption(
      new Option('--pg-provider <name>', 'where the databases live (embedded: a private cluster from npm)')
        .choices(PG_PROVIDERS)
        .default(undefined, 'embedded'),
    )
    .option(
      '--pg-url <url>',
      'an existing server (implies --pg-provider url); hintproof creates and drops hintproof_* databases there',
    )
    .option(
      '--pg-superuser',
      "connect the server as a superuser, not as its database's owner (in an isolated run the embedded cluster stays in its sandbox)",
    )
    .option(
      '--env <KEY=VALUE>',
      'environment variable for the server; repeatable; placeholders allowed',
      keyValue,
    )
    .addOption(
      new Option(
        '--runs <n>',
        'runs per tool: maybe calls that build state, then the tool called twice, checked against the state ' +
          'just before it',
      )
        .argParser(integerIn(1, 100_000))
        .default(DEFAULTS.runs),
    )
    .addOption(
      new Option(
        '--max-commands <n>',
        'calls one server process and sandbox makes before a fresh one starts (1: every run on a fresh sandbox)',
      )
        .argParser(integerIn(1, 10_000))
        .default(DEFAULTS.maxCommands),
    )
    .addOption(
      new Option(
        '--max-observers <n>',
        "the server's own read-only tools and resources read before and after every call to see state no " +
          'sandbox holds, at most (0: none; faster, but state kept in memory goes unseen)',
      )
        .argParser(integerIn(0, 50))
        .default(DEFAULTS.maxObservers),
    )
    .addOption(
      new Option(
        '--settle-max <ms>',
        'after each call, wait at most this long for what it started in the server (a debounced save, an upload ' +
          'batched for later, a timer it set): effects that land later are not blamed on it (0: do not wait)',
      )
        .argParser(integerIn(0, 60_000))
        .default(DEFAULTS.settleMax),
    )
    .addOption(
      new Option(
        '--max-tools <n>',
        'tools checked at most: a server listing more is refused with its count and an estimate of the time, ' +
          'unless --tool chooses among them',
      )
        .argParser(integerIn(1, 1_000_000))
        .default(DEFAULTS.maxTools),
    )
    .addOption(
      new Option(
        '--jobs <n>',
        `tools checked at once, each in its own sandboxes (default: the CPU count, at most ${MAX_DEFAULT_JOBS}; 1 with Postgres); ` +
          'the report is the same for any value',
      ).argParser(integerIn(1, 64)),
    )
    .addOption(
      new Option('--seed <n>', 'fast-check seed, to reproduce a run (default: random, printed)').argParser(
        integerIn(-(2 ** 31), 2 ** 31 - 1),
      ),
    )
    .addOption(
      new Option(
        '--path <path>',
        'replay one counterexample: the path printed with it (needs --tool and --seed)',
      ).argParser(replayPath),
    )
    .option('--tool <name>', 'check only this tool; repeatable, or names separated by commas', collect)
    .option(
      '--watch',
      "check again whenever a file of the server changes (the folders of the command's files, node_modules " +
        'and dot-folders aside), every tool each time; the last report stays on screen; Ctrl-C stops',
    )
    .addOption(
      new Option(
        '--producers <tools>',
        'tools to favour in the calls made first to build state for a tool whose calls met none (comma-separated, ' +
          'or "none"; default: the tools seen to add state during the check; replay commands set it)',
      ).argParser(toolList),
    )
    .addOption(
      new Option('--timeout <seconds>', 'time-out of each tool call')
        .argParser(seconds)
        .default(DEFAULTS.timeout),
    )
    .addOption(
      new Option(
        '--startup-timeout <seconds>',
        'time the server may take to answer initialize, and again to list its tools (all pages of tools/list)',
      )
        .argParser(seconds)
        .default(DEFAULTS.startupTimeout),
    )
    .option(
      '--client-name <name>',
      `the client name sent to the server at initialize (default: ${NEUTRAL_CLIENT.name}, which does not say hintproof)`,
    )
    .option(
      '--client-version <version>',
      `the client version sent at initialize (default: ${NEUTRAL_CLIENT.version})`,
    )
    .addOption(
      new Option('--calibration <ms>', 'pause between the two snapshots that detect ambient changes')
        .argParser(integerIn(0, 60_000))
        .default(DEFAULTS.calibration),
    )
    .option(
      '--ignore <pattern>',
      'exclude matching changes from verdicts, e.g. "fs:**/*.log"; repeatable',
      collect,
    )
    .addOption(pathOption('--json <file>', 'also write the JSON report to this file', 'report.json'))
    .addOption(
      pathOption(
        '--baseline <file>',
        "compare each tool's observed behaviour with this file; new behaviour fails (exit 1)",
        'hintproof-baseline.json',
      ),
    )
    .option(
      '--update-baseline',
      'write the observed behaviour to the --baseline file instead of failing on drift',
    )
    .option(
      '--reporter <names>',
      `reporters, comma-separated: ${REPORTER_NAMES.join(', ')} (default: text); the file reporters write into --output-dir`,
      reporterList,
    )
    .addOption(
      pathOption(
        '--output-dir <dir>',
        'where json, junit, sarif and markdown reports go (default: hintproof-report)',
        'hintproof-report',
      ),
    )
    .option(
      '--verbose',
      'print every call with its changes and what it tried to reach outside the sandbox, and stack traces of internal errors',
    )
    .option(
      '--allow-install-scripts',
      'run the install scripts of the package an npx-style command installs (off by default: they run on ' +
        'this machine, outside the sandbox)',
    )
    .addOption(
      pathOption(
        '--work-dir <dir>',
        'an existing directory to make the sandboxes in (default: the system temp directory), for a server ' +
          'that refuses paths under /tmp',
        '/var/tmp/hintproof',
      ),
    )
    .option(
      '--no-isolation',
      'run the server without bubblewrap (on your filesystem and network; openWorldHint unchecked)',
    )
    .option(
      '--quiet',
      'print only the summary (the reports given with --reporter and --json are still written)',
    )
    .option('--color', 'force colours (default: colours on a terminal unless NO_COLOR is set)')
    .option('--no-color', 'no colours')
    .addHelpText('after', CHECK_EXAMPLES)
    .addOption(
      pathOption(
        '--config <file>',
        `config file (default: the first of ${CONFIG_NAMES.join(', ')} in this directory)`,
        'hintproof.config.ts',
      ),
    )
    .action(async (command: string | undefined, args: string[], options: ParsedOptions, self: Command) => {
      const explicit = new Set(
        Object.keys(options).filter((key) => self.getOptionValueSource(key) === 'cli'),
      );
      await onCheck(
        {
          ...options,
          command: command ?? '',
          args,
          env: options.env ?? {},
          tool: options.tool ?? [],
          ignore: options.ignore ?? [],
          appendArg: options.appendArg ?? [],
          verbose: options.verbose ?? false,
        },
        explicit,
      );
    });
  program
    .command('replay')
    .description(
      'Re-run a failing case saved by "hintproof check" (in .hintproof/failures/) three times and say whether it is ' +
        'FIXED, FLAKY or STILL FAILING. Exit 0 only when FIXED.',
    )
    .argument('<id>', 'the id printed by check (or a unique prefix of it)')
    .action(async (id: string) => {
      await onReplay(id);
    });
  program
    .command('init')
    .description('Write a commented starter config (hintproof.config.ts) in this directory.')
    .argument('[file]', 'where to write it', 'hintproof.config.ts')
    .action(async (file: string | undefined) => {
      await onInit(file);
    });
  return program;
}
