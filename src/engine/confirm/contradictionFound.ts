import type { Violation } from '../../checks/violation.js';
import type { PreambleCall } from '../../model/report.js';
import type { Observation } from '../../model/observation.js';

/** Thrown inside the fast-check property to make the run fail; carries what was observed. */
export class ContradictionFound extends Error {
  constructor(
    readonly observation: Observation,
    readonly violations: readonly Violation[],
    /** The calls made before the command in the same run. */
    readonly steps: readonly PreambleCall[] = [],
  ) {
    super(violations.map((violation) => violation.title).join('; '));
    this.name = 'ContradictionFound';
  }
}
