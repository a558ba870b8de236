import type { Hints } from '../model/hints.js';
import type { Observation } from '../model/observation.js';
import { callsOf } from './readOnly.js';
import type { Violation } from './violation.js';

/** `openWorldHint: false` is contradicted when either call attempts to reach anything outside the sandbox. */
export function openWorldCheck(hints: Hints, observation: Observation): Violation | undefined {
  if (hints.openWorldHint) return undefined;
  for (const [call, record] of callsOf(observation)) {
    if (record.egress && record.egress.length > 0) {
      return {
        hint: 'openWorldHint',
        call,
        title: `${observation.tool} claims openWorldHint: false but tried to reach outside the sandbox`,
        changes: [],
        egress: record.egress,
      };
    }
  }
  return undefined;
}
