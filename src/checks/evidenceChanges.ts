import type { Change } from '../../harness/index.js';

/** Changes that count as evidence: every kind but `counter` (a consumed sequence value changes nothing real). */
export function evidenceChanges(changes: readonly Change[]): Change[] {
  return changes.filter((change) => change.kind !== 'counter');
}

/** Changes that rewrite or remove existing state. */
export function destructiveChanges(changes: readonly Change[]): Change[] {
  return changes.filter((change) => change.kind === 'modify' || change.kind === 'delete');
}
