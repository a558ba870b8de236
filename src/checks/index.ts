import type { Hints } from '../model/hints.js';
import type { Observation } from '../model/observation.js';
import { destructiveCheck } from './destructive.js';
import { idempotentCheck } from './idempotent.js';
import { openWorldCheck } from './openWorld.js';
import { readOnlyCheck } from './readOnly.js';
import type { Violation } from './violation.js';

type Check = (hints: Hints, observation: Observation) => Violation | undefined;

/** Every check hintproof runs. The openWorld check needs observed egress (an isolated, traced server). */
const CHECKS: readonly Check[] = [readOnlyCheck, destructiveCheck, idempotentCheck, openWorldCheck];

/** Every violation of the effective hints that one observation shows. */
export function violationsOf(hints: Hints, observation: Observation): Violation[] {
  return CHECKS.map((check) => check(hints, observation)).filter((v): v is Violation => v !== undefined);
}
