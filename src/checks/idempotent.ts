import type { Hints } from '../model/hints.js';
import type { Observation } from '../model/observation.js';
import { evidenceChanges } from './evidenceChanges.js';
import type { Violation } from './violation.js';

/** `idempotentHint: true` (on a tool that may write) is contradicted when the second identical call changes anything. */
export function idempotentCheck(hints: Hints, observation: Observation): Violation | undefined {
  if (hints.readOnlyHint || !hints.idempotentHint || !observation.call2) return undefined;
  const changes = evidenceChanges(observation.call2.changes);
  if (changes.length === 0) return undefined;
  return {
    hint: 'idempotentHint',
    call: 2,
    title: `${observation.tool} claims idempotentHint: true but a repeated identical call changed the sandbox again`,
    changes,
  };
}
