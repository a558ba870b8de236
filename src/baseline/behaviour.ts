import type { ToolTally } from '../engine/policy/toolTally.js';

/**
 * What a tool was seen to do, as words a reviewer reads in a diff. `reads only` when no observation changed
 * anything; otherwise every effect seen at least once. (Egress, `reaches out`, joins when it is observed.)
 */
export type Behaviour =
  'reads only' | 'adds' | 'appends' | 'overwrites' | 'deletes' | 'changes again on repeat';

/** Pure: the behaviours behind a tally, in a fixed order; empty when no call was observed at all. */
export function behaviourOf(tally: ToolTally): Behaviour[] {
  if (tally.observations === 0) return [];
  const seen: Behaviour[] = [];
  if (tally.kinds.add > 0) seen.push('adds');
  if (tally.kinds.append > 0) seen.push('appends');
  if (tally.kinds.modify > 0) seen.push('overwrites');
  if (tally.kinds.delete > 0) seen.push('deletes');
  if (tally.changedOnRepeat > 0) seen.push('changes again on repeat');
  return seen.length === 0 ? ['reads only'] : seen;
}
