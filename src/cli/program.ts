import { Command } from 'commander';
import { VERSION } from '../version.js';
import type { CheckArguments } from './checkArguments.js';
import { settingOptions, withEmpty } from './settingOptions.js';

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

Exit codes: 0 no hint contradicted (at --fail-on or worse) · 1 a hint contradicted, or behaviour drifted from
--baseline · 2 usage or set-up error.`;

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

  const check = program
    .command('check')
    .description(
      'Run an MCP server (stdio) in a sandbox, call each tool twice with generated arguments, diff the sandbox, ' +
        'and report every declared hint (readOnlyHint, destructiveHint, idempotentHint, openWorldHint) that the observed changes and connection attempts contradict.',
    )
    .argument('[command]', 'the server command, after "--" (or server.command in the config file)')
    .argument('[args...]', 'its arguments')
    .passThroughOptions();
  for (const option of settingOptions()) check.addOption(option);
  check
    .addHelpText('after', CHECK_EXAMPLES)
    .action(
      async (
        command: string | undefined,
        args: string[],
        options: Record<string, unknown>,
        self: Command,
      ) => {
        const explicit = new Set(
          Object.keys(options).filter((key) => self.getOptionValueSource(key) === 'cli'),
        );
        await onCheck({ ...withEmpty(options), command: command ?? '', args }, explicit);
      },
    );
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
