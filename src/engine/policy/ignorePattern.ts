import { SetupError } from '../../model/setupError.js';

/** The environments a change can come from, as `--ignore` patterns name them (`fs:**\/*.log`). */
const IGNORABLE_ENVIRONMENTS = ['fs', 'home', 'tmp', 'pkg', 'sqlite', 'pg', 'observed'] as const;

/** One `--ignore` pattern, read: the environment it is limited to (none: every one) and its glob. */
export interface IgnorePattern {
  readonly environment?: string;
  readonly glob: string;
}

/** The pairs a glob must balance, opening → closing. */
const PAIRS: Readonly<Record<string, string>> = { '[': ']', '{': '}', '(': ')' };

/**
 * Reads `ENV:GLOB` (or a bare `GLOB`, for every environment). A prefix that looks like a name (`fs`, `pgx`) is
 * an environment and must be one hintproof has; anything else before a colon (`**\/a:b`) is part of the glob.
 * A SetupError names what is wrong — an unknown environment, an empty glob, a bracket, brace or parenthesis
 * left open or closed twice — rather than letting a typo match nothing and exclude nothing, silently.
 */
export function parseIgnorePattern(pattern: string): IgnorePattern {
  const colon = pattern.indexOf(':');
  const prefix = colon > 0 ? pattern.slice(0, colon) : undefined;
  const named = prefix !== undefined && /^[a-z][a-z0-9-]*$/.test(prefix);
  if (named && !(IGNORABLE_ENVIRONMENTS as readonly string[]).includes(prefix)) {
    throw new SetupError(
      `--ignore ${JSON.stringify(pattern)}: no environment is called "${prefix}". ` +
        `Use one of ${IGNORABLE_ENVIRONMENTS.join(', ')} (e.g. "fs:**/*.log"), or leave the prefix out to match in every environment.`,
    );
  }
  const glob = named ? pattern.slice(colon + 1) : pattern;
  if (glob.trim() === '') {
    throw new SetupError(
      `--ignore ${JSON.stringify(pattern)}: the pattern${named ? ' after the environment' : ''} is empty. ` +
        `Give the entities to leave out, e.g. "${named ? prefix : 'fs'}:**/*.log".`,
    );
  }
  const unbalanced = firstUnbalanced(glob, named ? colon + 1 : 0);
  if (unbalanced !== undefined) {
    throw new SetupError(
      `--ignore ${JSON.stringify(pattern)}: ${unbalanced}. ` +
        'Close it, or escape it with a backslash to match the character itself (e.g. "fs:notes\\[1\\].md").',
    );
  }
  return named ? { environment: prefix, glob } : { glob };
}

/** Every pattern read, so that a bad one stops the check before anything starts. */
export function parseIgnorePatterns(patterns: readonly string[]): IgnorePattern[] {
  return patterns.map(parseIgnorePattern);
}

/** What is left open or closed unopened in `glob` (backslash escapes skipped; columns counted from `offset`). */
function firstUnbalanced(glob: string, offset: number): string | undefined {
  const open: { char: string; at: number }[] = [];
  for (let at = 0; at < glob.length; at++) {
    const char = glob[at]!;
    if (char === '\\') {
      at++;
      continue;
    }
    // Inside a character class every character but its closing bracket is literal: `[{]` is balanced, and a
    // `]` first in the class (`[]]`, `[!]]`, `[^]]`) is one of its characters.
    const top = open.at(-1);
    if (top?.char === '[' && (char !== ']' || at === classStart(glob, top.at))) continue;
    if (char in PAIRS) open.push({ char, at });
    else if (Object.values(PAIRS).includes(char)) {
      if (top === undefined || PAIRS[top.char] !== char) {
        return `"${char}" at column ${offset + at + 1} closes nothing`;
      }
      open.pop();
    }
  }
  const left = open[0];
  return left === undefined ? undefined : `"${left.char}" at column ${offset + left.at + 1} is never closed`;
}

/** Where the characters of the class opened at `open` begin: after `[`, and after a negating `!` or `^`. */
function classStart(glob: string, open: number): number {
  const next = glob[open + 1];
  return next === '!' || next === '^' ? open + 2 : open + 1;
}
