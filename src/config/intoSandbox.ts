import { existsSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';

/** One word of a client config that `--into-sandbox` pointed at the sandbox. */
export interface Redirect {
  /** `args[2]` or `env.MEMORY_FILE_PATH`. */
  readonly where: string;
  readonly from: string;
  readonly to: string;
}

/** Options whose value is where the server's own code is (`uv --directory /srv/server run main.py`). */
const CODE_OPTIONS = new Set(['--directory', '--cwd', '-C', '--prefix', '--project', '--from', '--with']);
const CODE_FILE = /\.(c|m)?[jt]s$|\.py$|\.jar$|\.exe$|\.(c|m)?jsx?$|\.rb$|\.php$/;
const SYSTEM = /^\/(usr|bin|sbin|lib|lib64|opt|nix|etc|proc|sys|dev|snap|Applications|System|Library)(\/|$)/;
const DATABASE_URL = /^(postgres|postgresql):\/\//;

/**
 * Points what a client config gives a server to act on at the sandbox, so `--into-sandbox` is the one flag
 * most configs need: an absolute path of a folder becomes `{fs}`, of a file (existing or not) `{fs}/<name>`,
 * a Postgres URL `{pg}`. A word that names the server's own code (a script, the value of `--directory`,
 * system folders) is left alone. Pure but for looking at the host's paths (stat).
 */
export function intoSandbox(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): { args: string[]; env: Record<string, string>; redirects: Redirect[] } {
  const redirects: Redirect[] = [];
  const redirect = (where: string, word: string): string => {
    const to = sandboxWord(word);
    if (to !== undefined) redirects.push({ where, from: word, to });
    return to ?? word;
  };
  return {
    args: args.map((word, index) => {
      const [flag, value] = splitOption(word);
      if (CODE_OPTIONS.has(flag) || CODE_OPTIONS.has(args[index - 1] ?? '')) return word;
      if (value !== undefined) {
        const to = sandboxWord(value);
        if (to === undefined) return word;
        redirects.push({ where: `args[${index}]`, from: value, to });
        return `${flag}=${to}`;
      }
      return redirect(`args[${index}]`, word);
    }),
    env: Object.fromEntries(Object.entries(env).map(([key, value]) => [key, redirect(`env.${key}`, value)])),
    redirects,
  };
}

/** The sandbox's word for a host path or database URL, or `undefined` when it is neither (or is code). */
export function sandboxWord(word: string): string | undefined {
  if (DATABASE_URL.test(word)) return '{pg}';
  if (!isAbsolute(word) || SYSTEM.test(word) || word === '/') return undefined;
  if (CODE_FILE.test(word)) return undefined;
  if (existsSync(word) && statSync(word).isDirectory()) return '{fs}';
  // A file, or a path to be created: keep its name, in the sandbox.
  return existsSync(dirname(word)) || /\.[a-z0-9]+$/i.test(word) ? join('{fs}', basename(word)) : '{fs}';
}

/** `--db-path=/x/y.db` → ['--db-path', '/x/y.db']; other words → [word, undefined]. */
function splitOption(word: string): [string, string | undefined] {
  const match = /^(--?[A-Za-z0-9][\w-]*)=(.+)$/.exec(word);
  return match === null ? [word, undefined] : [match[1] as string, match[2]];
}
