import picomatch from 'picomatch';
import type { Change } from '../../harness/index.js';
import { changeKey } from '../../harness/index.js';

/**
 * What hintproof leaves out of every verdict: entities that changed while nothing was called (ambient), and
 * entities matching the user's `--ignore` patterns. Nothing else.
 */
export function exclusionOf(
  ambient: readonly Change[],
  ignore: readonly string[],
): (change: Change) => boolean {
  const ambientKeys = new Set(ambient.map(changeKey));
  const matchers = ignore.map(ignoreMatcher);
  return (change) => ambientKeys.has(changeKey(change)) || matchers.some((matches) => matches(change));
}

/**
 * `ENV:GLOB` matches changes of that environment whose entity matches the glob (`fs:**\/*.log` also matches a
 * `.log` at the root, dotfiles included); a pattern without `ENV:` applies to every environment.
 */
export function ignoreMatcher(pattern: string): (change: Change) => boolean {
  const colon = pattern.indexOf(':');
  const environment = colon > 0 ? pattern.slice(0, colon) : undefined;
  const glob = colon > 0 ? pattern.slice(colon + 1) : pattern;
  const matches = picomatch(glob, { dot: true });
  return (change) =>
    (environment === undefined || environment === change.environment) && matches(change.entity);
}
