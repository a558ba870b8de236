import type { HarvestedValue } from '../../../harness/index.js';
import { placeholdersIn } from './placeholders.js';

/** The sandbox directories whose paths are harvested, by placeholder name. */
const PLACES = ['fs', 'home', 'tmp'];

/**
 * The harvested values to generate arguments from, for a server started with `words` (its command, arguments
 * and `--env` values): when those name some of the sandbox directories (`server-filesystem {fs}`), the paths
 * under the others (`{home}/…`, `{tmp}/…`) are left out. Such a server was given a root, and paths elsewhere
 * only meet "access denied". Nothing is left out when the words name none (the server finds its own places),
 * and names, keys and texts are always kept. Pure.
 */
export function placesNamed(
  harvested: readonly HarvestedValue[],
  words: readonly string[],
): readonly HarvestedValue[] {
  const named = new Set(words.flatMap((word) => placeholdersIn(word)));
  const unnamed = PLACES.filter((place) => !named.has(place));
  if (unnamed.length === PLACES.length) return harvested;
  const elsewhere = (value: string): boolean =>
    unnamed.some((place) => value === `{${place}}` || value.startsWith(`{${place}}/`));
  return harvested.filter(
    (entry) => !((entry.kind === 'path' || entry.kind === 'directory') && elsewhere(entry.value)),
  );
}
