import type { Hints } from '../model/hints.js';
import type { Observation } from '../model/observation.js';
import { evidenceChanges } from './evidenceChanges.js';
import type { Violation } from './violation.js';

/** `readOnlyHint: true` is contradicted when either call changes anything. */
export function readOnlyCheck(hints: Hints, observation: Observation): Violation | undefined {
  if (!hints.readOnlyHint) return undefined;
  for (const [call, record] of callsOf(observation)) {
    const changes = evidenceChanges(record.changes);
    if (changes.length > 0) {
      return {
        hint: 'readOnlyHint',
        call,
        title: `${observation.tool} claims readOnlyHint: true but changed the sandbox`,
        changes,
      };
    }
  }
  return undefined;
}

/** The calls of an observation that happened, numbered. */
export function callsOf(observation: Observation): Array<[1 | 2, NonNullable<Observation['call2']>]> {
  return observation.call2
    ? [
        [1, observation.call1],
        [2, observation.call2],
      ]
    : [[1, observation.call1]];
}
