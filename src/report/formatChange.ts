import type { Change } from '../../harness/index.js';
import { changeKey } from '../../harness/index.js';

/** One change on one line: `append fs:.access.log (+9 bytes)`; the parentheses only when there is a detail. */
export function formatChange(change: Change): string {
  const base = `${change.kind} ${changeKey(change)}`;
  return change.detail === '' ? base : `${base} (${change.detail})`;
}
