import { basename } from 'node:path';

/** A command that fetches a package and runs one of its programs: `npx -y pkg args`, `pnpm dlx pkg args`… */
export interface LauncherRequest {
  /** How the user spelled the launcher (`npx`, `npm exec`, `pnpm dlx`, `yarn dlx`, `bunx`). */
  readonly launcher: string;
  /** The package specs to install (`pkg`, `pkg@1.2`, `@scope/pkg@latest`, `./pkg.tgz`…), at least one. */
  readonly packages: readonly string[];
  /** The program to run, when named apart from the package (`npx -p pkg bin`); else the package's own. */
  readonly bin?: string;
  /** The program's arguments. */
  readonly args: readonly string[];
  /** npm options to pass on to the install (`--registry=…`). */
  readonly npmOptions: readonly string[];
}

/** A launcher command hintproof recognises but cannot run as asked (an option it does not know). */
export class LauncherError extends Error {
  override name = 'LauncherError';
}

/** Options that take the next word as their value, per launcher; `package` ones name a package to install. */
interface Grammar {
  readonly packageOptions: readonly string[];
  /** Options without a value that change nothing here (`-y`: hintproof never asks). */
  readonly flags: readonly string[];
  /** Options passed on to npm install, as `--name=value` or with the next word. */
  readonly npmValueOptions: readonly string[];
  /** Options that run something other than a package's program. */
  readonly unsupported: readonly string[];
}

const NPM_EXEC: Grammar = {
  packageOptions: ['-p', '--package'],
  flags: ['-y', '--yes', '-q', '--quiet', '--silent', '--prefer-offline', '--prefer-online', '--no-install'],
  npmValueOptions: ['--registry', '--userconfig', '--cache'],
  unsupported: ['-c', '--call', '--workspace', '-w', '--workspaces', '--ws', '--no', '--no-yes'],
};
const PNPM_DLX: Grammar = {
  packageOptions: ['--package'],
  flags: ['--silent', '-s', '--reporter=silent'],
  npmValueOptions: ['--registry'],
  unsupported: ['-c', '--shell-mode'],
};
const YARN_DLX: Grammar = {
  packageOptions: ['-p', '--package'],
  flags: ['-q', '--quiet'],
  npmValueOptions: [],
  unsupported: [],
};
const BUNX: Grammar = {
  packageOptions: ['-p', '--package'],
  flags: ['--bun', '--no-install', '--silent'],
  npmValueOptions: [],
  unsupported: [],
};

/**
 * Recognises a command that runs a package's program through a launcher — `npx`, `npm exec` (or `npm x`),
 * `pnpm dlx`, `pnpx`, `yarn dlx`, `bunx` — and says what it asks for; `undefined` for any other command.
 * Pure. Throws LauncherError for a launcher option hintproof cannot honour (`-c`, workspaces).
 */
export function parseLauncher(command: string, args: readonly string[]): LauncherRequest | undefined {
  const program = basename(command);
  const [first, ...rest] = args;
  if (program === 'npx') return parseWith('npx', NPM_EXEC, args);
  if (program === 'npm' && (first === 'exec' || first === 'x'))
    return parseWith(`npm ${first}`, NPM_EXEC, rest);
  if (program === 'pnpx') return parseWith('pnpx', PNPM_DLX, args);
  if (program === 'pnpm' && first === 'dlx') return parseWith('pnpm dlx', PNPM_DLX, rest);
  if (program === 'yarn' && first === 'dlx') return parseWith('yarn dlx', YARN_DLX, rest);
  if (program === 'bunx' || (program === 'bun' && first === 'x')) {
    return parseWith(program === 'bunx' ? 'bunx' : 'bun x', BUNX, program === 'bunx' ? args : rest);
  }
  return undefined;
}

function parseWith(launcher: string, grammar: Grammar, words: readonly string[]): LauncherRequest {
  const packages: string[] = [];
  const npmOptions: string[] = [];
  let index = 0;
  const valueOf = (word: string, name: string): string => {
    if (word.startsWith(`${name}=`)) return word.slice(name.length + 1);
    const value = words[++index];
    if (value === undefined) throw new LauncherError(`${launcher} ${name} needs a value; received none.`);
    return value;
  };
  for (; index < words.length; index++) {
    const word = words[index] as string;
    if (word === '--') {
      index++;
      break;
    }
    if (!word.startsWith('-')) break;
    const name = word.includes('=') ? word.slice(0, word.indexOf('=')) : word;
    if (grammar.packageOptions.includes(name)) packages.push(valueOf(word, name));
    else if (grammar.npmValueOptions.includes(name)) npmOptions.push(`${name}=${valueOf(word, name)}`);
    else if (grammar.flags.includes(word)) continue;
    else if (grammar.unsupported.includes(name)) {
      throw new LauncherError(
        `${launcher} ${name} is not supported by hintproof: it checks one package's MCP server. ` +
          `Give the package and its arguments (e.g. ${launcher} -y some-mcp-server …), or the server's own command.`,
      );
    } else {
      throw new LauncherError(
        `${launcher} option "${word}" is not one hintproof knows how to honour. Drop it, or run the ` +
          'installed server directly (hintproof check -- node path/to/server.js …).',
      );
    }
  }
  const [positional, ...args] = words.slice(index);
  if (positional === undefined) {
    throw new LauncherError(
      `${launcher} names no package to run. Give one, e.g. ${launcher} -y @modelcontextprotocol/server-memory.`,
    );
  }
  if (packages.length > 0) return { launcher, packages, bin: positional, args, npmOptions };
  return { launcher, packages: [positional], args, npmOptions };
}
