import type { Hints } from '../model/hints.js';
import type { Observation } from '../model/observation.js';
import { destructiveChanges } from './evidenceChanges.js';
import { callsOf } from './readOnly.js';
import type { Violation } from './violation.js';

/** `destructiveHint: false` (on a tool that may write) is contradicted by a `modify` or `delete` in either call. */
export function destructiveCheck(hints: Hints, observation: Observation): Violation | undefined {
  if (hints.readOnlyHint || hints.destructiveHint) return undefined;
  for (const [call, record] of callsOf(observation)) {
    const changes = destructiveChanges(record.changes);
    if (changes.length > 0) {
      return {
        hint: 'destructiveHint',
        call,
        title: `${observation.tool} claims destructiveHint: false but rewrote or removed existing state`,
        changes,
      };
    }
  }
  return undefined;
}
