import { isAbsolute, resolve } from 'node:path';
import type { CheckSettings, ReplayedName } from '../settings/checkSettings.js';
import type { SettingEntry } from '../settings/settingEntry.js';
import { SETTINGS } from '../settings/settingsTable.js';

/**
 * Everything that shaped a run, as `hintproof check` options (the settings table's rows marked `replay`): what a
 * replay command must carry to reproduce a counterexample from any directory. Paths are absolute (see
 * `absoluteShape`). `command` is the server command, placeholders left in; absent when a client config names
 * the server.
 */
export type RunShape = Partial<Pick<CheckSettings, ReplayedName>> & { readonly command?: readonly string[] };

/** The counterexample a replay command targets. */
export interface ReplayTarget {
  readonly tool: string;
  readonly seed: number;
  readonly path: string;
  /** The tools the preamble favoured (`--producers`; `none` when it favoured none). */
  readonly producers?: readonly string[];
}

/** A replayed setting's row. */
const REPLAYED = (Object.entries(SETTINGS) as [ReplayedName, SettingEntry<unknown>][]).filter(
  ([, entry]) => entry.replay === true,
);

/**
 * The argument vector, starting with `hintproof check`, that replays one counterexample: every option of the
 * run's shape in the table's order (a value equal to its default left out; a switch given when it holds what
 * its flag sets), then `--tool`, `--seed`, `--path` (and `--producers`), then `--` and the command. The CLI and
 * the library build their "Reproduce with" lines with it (quoted by `shellJoin`).
 */
export function replayWords(shape: RunShape, target: ReplayTarget): string[] {
  const words = ['hintproof', 'check'];
  for (const [name, entry] of REPLAYED) {
    const value = shape[name];
    if (value === undefined || value === entry.default) continue;
    const flag = entry.flag.split(' ')[0] ?? entry.flag;
    if (entry.kind.parse === undefined) {
      if (value === !flag.startsWith('--no-')) words.push(flag);
      continue;
    }
    for (const word of entry.kind.words(value)) words.push(flag, word);
  }
  words.push('--tool', target.tool, '--seed', String(target.seed), '--path', target.path);
  if (target.producers !== undefined) {
    words.push('--producers', target.producers.length > 0 ? target.producers.join(',') : 'none');
  }
  if (shape.command !== undefined && shape.clientConfig === undefined) words.push('--', ...shape.command);
  return words;
}

/** The shape with its file options made absolute against `cwd`, so the replay works from anywhere. */
export function absoluteShape(shape: RunShape, cwd: string): RunShape {
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  const files = REPLAYED.flatMap(([name, entry]) => {
    const value = shape[name];
    return entry.kind.path !== undefined && typeof value === 'string' ? [[name, absolute(value)]] : [];
  });
  return { ...shape, ...(Object.fromEntries(files) as RunShape) };
}
