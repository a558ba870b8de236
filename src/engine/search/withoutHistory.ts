import { violationsOf } from '../../checks/index.js';
import { ContradictionFound } from '../confirm/contradictionFound.js';
import type { Generated } from './roundRuns.js';
import { plan } from './roundRuns.js';
import { setAsideInRun } from '../confirm/controlState.js';
import { withControlledEgress } from '../confirm/controlEgress.js';
import { runSequence } from '../run/runSequence.js';
import type { ControlWindows } from '../run/runTypes.js';
import type { RoundOptions } from './roundOptions.js';

/**
 * The shrunk counterexample of a contradiction that was confirmed after session history, run once more on a
 * fresh sandbox without that history: shrinking may have moved its values to ones the seed already holds
 * (a renamed row the history added becomes a seeded one), and then the history it carries as a fixed
 * preamble is noise in the report and work in every replay. Returns the contradiction as that run showed it
 * when it contradicts every hint `found` (what the property threw) did, else `undefined` (the history stays).
 * A replay of the path without history makes the very same run.
 */
export async function shrunkAlone(
  options: RoundOptions,
  counterexample: readonly [Generated] | null | undefined,
  found: unknown,
  windows?: ControlWindows,
): Promise<ContradictionFound | undefined> {
  const generated = counterexample?.[0];
  if (generated === undefined || !(found instanceof ContradictionFound)) return undefined;
  const planned = plan(options, generated, false);
  if (planned === undefined) return undefined;
  const result = await runSequence(
    options.pool,
    planned.preamble,
    planned.target,
    options,
    undefined,
    windows,
  );
  const observation = result.observation;
  if (observation === undefined) return undefined;
  const hints = new Set(found.violations.map((violation) => violation.hint));
  const seen = violationsOf(options.effective, observation).filter((violation) => hints.has(violation.hint));
  // Set against its own control windows and its egress against a control run, as every shrink candidate was.
  const violations = await withControlledEgress(
    options.pool,
    result,
    windows === undefined ? seen : setAsideInRun(seen, result.windows, windows.ms).violations,
    options,
  );
  if (new Set(violations.map((violation) => violation.hint)).size < hints.size) return undefined;
  return new ContradictionFound(observation, violations, result.steps);
}
