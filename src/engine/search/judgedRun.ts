import { violationsOf } from '../../checks/index.js';
import type { Violation } from '../../checks/violation.js';
import { withControlledEgress } from '../confirm/controlEgress.js';
import { setAsideInRun } from '../confirm/controlState.js';
import { CONFIRM_MAKINGS, repeatedReplay } from '../confirm/repeatedReplay.js';
import type { ControlWindows } from '../run/runTypes.js';
import type { PlannedCall, RunResult } from '../run/runSequence.js';
import type { RoundOptions } from './roundOptions.js';

/**
 * The open claims a shrink candidate's or a replay's run contradicts: state changes its own control windows
 * did not show, and egress only where a control run shows none, so its evidence is never background.
 */
export async function judgedViolations(
  options: RoundOptions,
  result: RunResult,
  windows: ControlWindows | undefined,
): Promise<Violation[]> {
  const observation = result.observation;
  if (observation === undefined) return [];
  const seen = violationsOf(options.effective, observation).filter((v) => options.open.has(v.hint));
  return withControlledEgress(
    options.pool,
    result,
    windows === undefined ? seen : setAsideInRun(seen, result.windows, windows.ms).violations,
    options,
  );
}

/**
 * A `--path` replay's run: the rebuilt history and the preamble, then the command made up to `CONFIRM_MAKINGS`
 * times on the same session until one making contradicts an open claim, as the confirmation that reported it
 * did (an effect on some calls only, every third call, showed on a later making): a replay line replays
 * what its contradiction was confirmed by. A command that contradicts at once is made once.
 */
export async function replayRun(
  options: RoundOptions,
  before: readonly PlannedCall[],
  target: PlannedCall,
  windows: ControlWindows | undefined,
): Promise<{
  readonly result: RunResult;
  readonly violations: readonly Violation[];
  /** Which making `result` is (1-based): the command was made, twice each time, that many times less one before. */
  readonly making: number;
}> {
  const { result, judged, making } = await repeatedReplay(
    options.pool,
    before,
    target,
    options,
    windows,
    CONFIRM_MAKINGS,
    async (made) => {
      const violations = await judgedViolations(options, made, windows);
      return { done: violations.length > 0, violations };
    },
  );
  return { result, violations: judged.violations, making };
}
