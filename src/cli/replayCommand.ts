import type { CheckArguments } from './program.js';
import { shellJoin } from '../report/shellQuote.js';

/**
 * The command that replays one counterexample: the options that shape the run as the user gave them, plus
 * `--tool`, `--seed`, `--path` and, for a counterexample found after a preamble, `--producers` (the tools the
 * preamble favoured, `none` when it favoured none: the same list regenerates the same sequence).
 */
export function replayCommand(
  args: CheckArguments,
  tool: string,
  seed: number,
  path: string,
  producers?: readonly string[],
): string {
  return shellJoin(replayWords(args, tool, seed, path, producers));
}

/** `replayCommand` as an argument vector, starting with `hintproof check`. */
export function replayWords(
  args: CheckArguments,
  tool: string,
  seed: number,
  path: string,
  producers?: readonly string[],
): string[] {
  const words = ['hintproof', 'check'];
  if (args.fs !== undefined) words.push('--fs', args.fs);
  if (args.sqlite !== undefined) words.push('--sqlite', args.sqlite);
  if (args.pg !== undefined) words.push('--pg', args.pg);
  if (args.pgProvider !== undefined) words.push('--pg-provider', args.pgProvider);
  if (args.pgUrl !== undefined) words.push('--pg-url', args.pgUrl);
  for (const [key, value] of Object.entries(args.env)) words.push('--env', `${key}=${value}`);
  for (const pattern of args.ignore) words.push('--ignore', pattern);
  if (args.timeout !== 10) words.push('--timeout', String(args.timeout));
  if (args.startupTimeout !== 30) words.push('--startup-timeout', String(args.startupTimeout));
  // A server may behave differently for another client: the replay introduces itself the same way.
  if (args.clientName !== undefined) words.push('--client-name', args.clientName);
  if (args.clientVersion !== undefined) words.push('--client-version', args.clientVersion);
  if (args.calibration !== 250) words.push('--calibration', String(args.calibration));
  if (args.isolation === false) words.push('--no-isolation');
  words.push('--tool', tool, '--seed', String(seed), '--path', path);
  if (producers !== undefined) words.push('--producers', producers.length > 0 ? producers.join(',') : 'none');
  words.push('--', args.command, ...args.args);
  return words;
}
