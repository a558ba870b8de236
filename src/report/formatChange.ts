import type { Change } from '../../harness/index.js';
import { changeKey } from '../../harness/index.js';

/** One change on one line: `append fs:.access.log (+9 bytes)`; the parentheses only when there is a detail. */
export function formatChange(change: Change): string {
  const base = `${change.kind} ${changeKey(change)}`;
  return change.detail === '' ? base : `${base} (${change.detail})`;
}

/**
 * The most changes one list of a text, Markdown, JUnit or SARIF report shows: a server that makes 100,000
 * files would otherwise print them all. The JSON report keeps every change.
 */
export const CHANGES_LISTED = 20;

/** `formatChange` of each change, the first `limit` only, then `… and 99980 more changes` for the rest. */
export function formatChanges(changes: readonly Change[], limit = CHANGES_LISTED): string[] {
  const shown = changes.slice(0, limit).map(formatChange);
  const more = changes.length - shown.length;
  return more > 0 ? [...shown, `… and ${more} more change${more === 1 ? '' : 's'}`] : shown;
}
