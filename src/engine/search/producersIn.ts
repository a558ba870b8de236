import { producedState } from './preamblePlan.js';
import type { RunResult } from '../run/runSequence.js';

/**
 * The producers a run showed: tools adding state (the preamble's calls and the command's first call), and
 * tools whose calls supplied values a successful call of the run used (data flow, `RunResult.suppliers`).
 */
export function producersIn(result: RunResult): string[] {
  const producers = result.steps.filter((step) => producedState(step.changes)).map((step) => step.tool);
  const observation = result.observation;
  if (observation !== undefined && producedState(observation.call1.changes)) producers.push(observation.tool);
  return [...producers, ...(result.suppliers ?? [])];
}
