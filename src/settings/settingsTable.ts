import { PG_PROVIDERS } from '../../harness/environments/postgres/index.js';
import { MAX_DEFAULT_JOBS } from '../engine/checkInOrder.js';
import { SEVERITIES } from '../hints/severity.js';
import { NEUTRAL_CLIENT } from '../mcp/clientIdentity.js';
import { CONFIG_NAMES } from '../config/configNames.js';
import { replayPath, toolList } from './parseValues.js';
import { REPORTER_NAMES, reporterList } from './reporterNames.js';
import { integer, keyValues, list, oneOf, path, seconds, switchKind, text, texts } from './settingKind.js';
import { setting } from './settingEntry.js';

/**
 * Every setting of `hintproof check`, once: its flag, kind, default, help, config key and whether a replay line
 * carries it. The commander options, the config schema and type, the starter config and the replay line are
 * made from it, in this order (the order of `--help` and of a replay line's options). A key is the option's
 * name as commander gives it (`--client-config` → `clientConfig`, `--no-isolation` → `isolation`).
 */
export const SETTINGS = {
  config: setting({
    flag: '--config <file>',
    kind: path('hintproof.config.ts'),
    help: `config file (default: the first of ${CONFIG_NAMES.join(', ')} in this directory)`,
    replay: true,
  }),
  clientConfig: setting({
    flag: '--client-config <file>',
    kind: path('.mcp.json'),
    help:
      "take the server from an MCP client's config: claude_desktop_config.json, .vscode/mcp.json, " +
      '.cursor/mcp.json or .mcp.json (command, args and env; secret values are never printed)',
    replay: true,
  }),
  server: setting({
    flag: '--server <name>',
    kind: text,
    help: 'the server of --client-config to check (needed when it lists several)',
    replay: true,
  }),
  intoSandbox: setting({
    flag: '--into-sandbox',
    kind: switchKind,
    help:
      "point the client config's host paths and Postgres URLs at the sandbox: a folder becomes {fs}, a file " +
      '{fs}/<name>, a database URL {pg}',
    replay: true,
  }),
  appendArg: setting({
    flag: '--append-arg <word>',
    kind: texts,
    help: "add an argument after the client config's, e.g. {fs}; repeatable",
    empty: [],
    replay: true,
  }),
  fs: setting({
    flag: '--fs <dir>',
    kind: path('seed'),
    help: "seed directory, copied into each run's sandbox as {fs} (default: an empty directory)",
    config: {
      key: 'environments.fs',
      note: 'copied into a fresh {fs} per run (default: empty)',
      example: './fixtures/notes',
    },
    replay: true,
  }),
  sqlite: setting({
    flag: '--sqlite <seed>',
    kind: path('seed.sql'),
    help: 'a .sql script (or a SQLite file) each run gets a fresh database of, at {fs}/<name>.db, as {sqlite}',
    config: {
      key: 'environments.sqlite',
      note: 'a fresh {sqlite} database per run, made inside {fs}',
      example: './fixtures/notes.sql',
    },
    replay: true,
  }),
  home: setting({
    flag: '--home <dir>',
    kind: path('home'),
    help: "a directory copied into the server's private HOME ({home}) for each run",
    config: {
      key: 'environments.home',
      note: "copied into the server's private HOME per run",
      example: './fixtures/home',
    },
    replay: true,
  }),
  pg: setting({
    flag: '--pg <seed.sql>',
    kind: path('seed.sql'),
    help: 'seed script loaded into a template; each run gets a fresh copy of it as {pg}',
    config: {
      key: 'environments.pg.seed',
      note: 'loaded once, copied per run (or pg: the seed alone)',
      example: './fixtures/seed.sql',
    },
    replay: true,
  }),
  pgProvider: setting({
    flag: '--pg-provider <name>',
    kind: oneOf(PG_PROVIDERS),
    help: 'where the databases live (embedded: a private cluster from npm)',
    defaultHelp: 'embedded',
    config: { key: 'environments.pg.provider', note: "'embedded' | 'url' | 'docker'", example: 'embedded' },
    replay: true,
  }),
  pgUrl: setting({
    flag: '--pg-url <url>',
    kind: text,
    help: 'an existing server (implies --pg-provider url); hintproof creates and drops hintproof_* databases there',
    config: {
      key: 'environments.pg.url',
      note: 'with provider: url',
      example: 'postgres://me@localhost/postgres',
    },
    replay: true,
  }),
  pgSuperuser: setting({
    flag: '--pg-superuser',
    kind: switchKind,
    help: "connect the server as a superuser, not as its database's owner (in an isolated run the embedded cluster stays in its sandbox)",
    config: { key: 'environments.pg.superuser', example: true },
    replay: true,
  }),
  env: setting({
    flag: '--env <KEY=VALUE>',
    kind: keyValues,
    help: 'environment variable for the server; repeatable; placeholders allowed',
    empty: {},
    replay: true,
  }),
  ignore: setting({
    flag: '--ignore <pattern>',
    kind: texts,
    help: 'exclude matching changes from verdicts, e.g. "fs:**/*.log"; repeatable',
    empty: [],
    config: {
      key: 'ignore',
      note: 'changes left out of every verdict (nothing by default)',
      example: ['fs:**/*.log', 'pg:public.audit_log', 'pg:*.updated_at'],
    },
    replay: true,
  }),
  runs: setting({
    flag: '--runs <n>',
    kind: integer(1, 100_000),
    help: 'runs per tool: maybe calls that build state, then the tool called twice, checked against the state just before it',
    default: 25,
    config: { key: 'runs', note: 'runs per tool: a fresh sandbox, then the tool called twice' },
    replay: true,
  }),
  // Enough for the runs of a few tools of a chain, preambles included (a server start-up costs more than the
  // calls of a whole session; a longer one makes longer histories for a confirmation to replay and cut).
  maxCommands: setting({
    flag: '--max-commands <n>',
    kind: integer(1, 10_000),
    help: 'calls one server process and sandbox makes before a fresh one starts (1: every run on a fresh sandbox)',
    default: 250,
    replay: true,
  }),
  maxObservers: setting({
    flag: '--max-observers <n>',
    kind: integer(0, 50),
    help:
      "the server's own read-only tools and resources read before and after every call to see state no " +
      'sandbox holds, at most (0: none; faster, but state kept in memory goes unseen)',
    default: 6,
    replay: true,
  }),
  settleMax: setting({
    flag: '--settle-max <ms>',
    kind: integer(0, 60_000),
    help:
      'after each call, wait at most this long for what it started in the server (a debounced save, an upload ' +
      'batched for later, a timer it set): effects that land later are not blamed on it (0: do not wait)',
    default: 3000,
    replay: true,
  }),
  // The largest real servers list about a hundred tools; 60,000 would take days.
  maxTools: setting({
    flag: '--max-tools <n>',
    kind: integer(1, 1_000_000),
    help:
      'tools checked at most: a server listing more is refused with its count and an estimate of the time, ' +
      'unless --tool chooses among them',
    default: 200,
  }),
  jobs: setting({
    flag: '--jobs <n>',
    kind: integer(1, 64),
    help:
      `tools checked at once, each in its own sandboxes (default: the CPU count, at most ${MAX_DEFAULT_JOBS}; 1 with Postgres); ` +
      'the report is the same for any value',
  }),
  seed: setting({
    flag: '--seed <n>',
    kind: integer(-(2 ** 31), 2 ** 31 - 1),
    help: 'fast-check seed, to reproduce a run (default: random, printed)',
    config: { key: 'seed', note: 'fix the fast-check seed (default: random, printed)', example: 42 },
  }),
  path: setting({
    flag: '--path <path>',
    kind: { ...text, parse: replayPath },
    help: 'replay one counterexample: the path printed with it (needs --tool and --seed)',
  }),
  tool: setting({
    flag: '--tool <name>',
    kind: texts,
    help: 'check only this tool; repeatable, or names separated by commas',
    empty: [],
  }),
  watch: setting({
    flag: '--watch',
    kind: switchKind,
    help:
      "check again whenever a file of the server changes (the folders of the command's files, node_modules " +
      'and dot-folders aside), every tool each time; the last report stays on screen; Ctrl-C stops',
  }),
  producers: setting({
    flag: '--producers <tools>',
    kind: list(toolList, { type: 'string' }),
    help:
      'tools to favour in the calls made first to build state for a tool whose calls met none (comma-separated, ' +
      'or "none"; default: the tools seen to add state during the check; replay commands set it)',
  }),
  timeout: setting({
    flag: '--timeout <seconds>',
    kind: seconds,
    help: 'time-out of each tool call',
    default: 10,
    config: { key: 'timeout', note: 'seconds per tool call' },
    replay: true,
  }),
  startupTimeout: setting({
    flag: '--startup-timeout <seconds>',
    kind: seconds,
    help: 'time the server may take to answer initialize, and again to list its tools (all pages of tools/list)',
    default: 30,
    config: {
      key: 'startupTimeout',
      note: 'seconds the server may take to answer initialize, and to list its tools',
    },
    replay: true,
  }),
  clientName: setting({
    flag: '--client-name <name>',
    kind: text,
    help: `the client name sent to the server at initialize (default: ${NEUTRAL_CLIENT.name}, which does not say hintproof)`,
    config: {
      key: 'client.name',
      note: 'clientInfo sent at initialize (never says hintproof)',
      example: NEUTRAL_CLIENT.name,
    },
    replay: true,
  }),
  clientVersion: setting({
    flag: '--client-version <version>',
    kind: text,
    help: `the client version sent at initialize (default: ${NEUTRAL_CLIENT.version})`,
    config: { key: 'client.version', example: NEUTRAL_CLIENT.version },
    replay: true,
  }),
  calibration: setting({
    flag: '--calibration <ms>',
    kind: integer(0, 60_000),
    help: 'pause between the two snapshots that detect ambient changes',
    default: 250,
    replay: true,
  }),
  strictClosedWorld: setting({
    flag: '--strict-closed-world',
    kind: switchKind,
    help:
      'report a tool claiming openWorldHint: false that answers one call differently in one state as a ' +
      'contradiction of that hint (default: a finding, listed apart, that fails nothing)',
    config: { key: 'strictClosedWorld', example: true },
    replay: true,
  }),
  json: setting({
    flag: '--json <file>',
    kind: path('report.json'),
    help: 'also write the JSON report to this file',
  }),
  baseline: setting({
    flag: '--baseline <file>',
    kind: path('hintproof-baseline.json'),
    help: "compare each tool's observed behaviour with this file; new behaviour fails (exit 1)",
    config: { key: 'baseline', example: 'hintproof.baseline.json' },
  }),
  failOn: setting({
    flag: '--fail-on <severity>',
    kind: oneOf(SEVERITIES),
    help:
      'the least severity of a contradiction that fails the run (exit 1); less severe ones are reported and ' +
      'exit 0 (drift from --baseline fails whatever its severity)',
    default: 'low',
    config: { key: 'failOn', note: "'critical' | 'high' | 'medium' | 'low': the least that fails the run" },
  }),
  updateBaseline: setting({
    flag: '--update-baseline',
    kind: switchKind,
    help: 'write the observed behaviour to the --baseline file instead of failing on drift',
  }),
  reporter: setting({
    flag: '--reporter <names>',
    kind: list(reporterList, { enum: REPORTER_NAMES }),
    help: `reporters, comma-separated: ${REPORTER_NAMES.join(', ')} (default: text); the file reporters write into --output-dir`,
    config: { key: 'reporter', example: ['text', 'junit', 'sarif', 'markdown'] },
  }),
  outputDir: setting({
    flag: '--output-dir <dir>',
    kind: path('hintproof-report'),
    help: 'where json, junit, sarif, markdown and html reports go (default: hintproof-report)',
    config: { key: 'outputDir', example: 'hintproof-report' },
  }),
  verbose: setting({
    flag: '--verbose',
    kind: switchKind,
    help: 'print every call with its changes and what it tried to reach outside the sandbox, and stack traces of internal errors',
    empty: false,
  }),
  isolation: setting({
    flag: '--no-isolation',
    kind: switchKind,
    help: 'run the server without bubblewrap (on your filesystem and network; openWorldHint unchecked)',
    replay: true,
  }),
  allowInstallScripts: setting({
    flag: '--allow-install-scripts',
    kind: switchKind,
    help:
      'run the install scripts of the package an npx-style command installs (off by default: they run on ' +
      'this machine, outside the sandbox)',
    replay: true,
  }),
  installTimeout: setting({
    flag: '--install-timeout <seconds>',
    kind: seconds,
    help:
      'time npm may take to install the package of an npx-style command (a native addon compiling with ' +
      '--allow-install-scripts can take minutes)',
    default: 300,
    config: { key: 'installTimeout', note: 'seconds npm may take to install an npx-style package' },
    replay: true,
  }),
  workDir: setting({
    flag: '--work-dir <dir>',
    kind: path('/var/tmp/hintproof'),
    help:
      'an existing directory to make the sandboxes in (default: the system temp directory), for a server ' +
      'that refuses paths under /tmp',
    replay: true,
  }),
  quiet: setting({
    flag: '--quiet',
    kind: switchKind,
    help: 'print only the summary (the reports given with --reporter and --json are still written)',
  }),
  color: setting({
    flag: '--color',
    kind: switchKind,
    help: 'force colours (default: colours on a terminal unless NO_COLOR is set)',
    negatedBy: 'no colours',
  }),
};
