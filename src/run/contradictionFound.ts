import type { Violation } from '../checks/violation.js';
import type { Observation } from './observation.js';

/** Thrown inside the fast-check property to make the run fail; carries what was observed. */
export class ContradictionFound extends Error {
  constructor(
    readonly observation: Observation,
    readonly violations: readonly Violation[],
  ) {
    super(violations.map((violation) => violation.title).join('; '));
    this.name = 'ContradictionFound';
  }
}
