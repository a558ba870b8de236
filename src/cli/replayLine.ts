import { shellJoin } from '../report/shellQuote.js';
import { absoluteShape, replayWords as shapeReplayWords } from '../replay/replayWords.js';
import type { RunShape } from '../replay/replayWords.js';
import type { CheckArguments } from './checkArguments.js';
import { SETTINGS } from '../settings/settingsTable.js';

/** What shaped a `check` run (its replayed settings), its file options absolute against `cwd`. */
function runShape(args: CheckArguments, cwd: string): RunShape {
  const replayed = Object.entries(SETTINGS).filter(([, entry]) => 'replay' in entry && entry.replay);
  const settings = Object.fromEntries(replayed.map(([name]) => [name, args[name as keyof CheckArguments]]));
  return absoluteShape({ ...settings, command: [args.command, ...args.args] }, cwd);
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
