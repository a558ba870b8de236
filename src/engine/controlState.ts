import { changeKey } from '../../harness/index.js';
import type { Violation } from '../checks/violation.js';
import type { Observation } from '../model/observation.js';
import type { CommandOptions } from './executeCommand.js';
import type { PlannedCall } from './runSequence.js';
import { controlRun } from './runSequence.js';
import type { SessionPool } from './sessionPool.js';

/** The shortest control window for state (twice the command's duration when that is longer). */
const CONTROL_MIN_MS = 250;

/** What control runs say of the changes state violations rest on. */
export interface StateControl {
  /** The violations with only the changes no control run showed; those left with none are dropped. */
  readonly violations: readonly Violation[];
  /** Why changes were set aside (for the replay notes). */
  readonly notes: readonly string[];
}

/**
 * A change is the command's doing only where the same time passing without it changes nothing alike: a control
 * run on a fresh sandbox makes the same calls before (and, for a repeat's violation, the command's first
 * call), then none for a window (250 ms at least, twice the command's duration when longer). Changes it shows
 * too (a write a call before it left running, a timer's) are set aside; a violation left with none is
 * background, not the tool's. Egress violations pass through (see `controlEgress`); a control whose server did
 * not start sets nothing aside. At most two control runs: one without the command, one after its first call.
 */
export async function controlState(
  pool: SessionPool,
  before: readonly PlannedCall[],
  target: PlannedCall,
  observation: Observation,
  violations: readonly Violation[],
  options: CommandOptions,
): Promise<StateControl> {
  const duration = (observation.call1.durationMs ?? 0) + (observation.call2?.durationMs ?? 0);
  const window = Math.max(CONTROL_MIN_MS, 2 * duration);
  const seen = new Map<boolean, Promise<ReadonlySet<string> | undefined>>();
  const backgroundOf = (afterFirst: boolean) => {
    let found = seen.get(afterFirst);
    if (found === undefined) {
      found = controlRun(pool, afterFirst ? [...before, target] : before, window, options).then((control) =>
        control === undefined ? undefined : new Set(control.changes.map(changeKey)),
      );
      seen.set(afterFirst, found);
    }
    return found;
  };
  const kept: Violation[] = [];
  const notes: string[] = [];
  for (const violation of violations) {
    if (violation.hint === 'openWorldHint' || violation.changes.length === 0) {
      kept.push(violation);
      continue;
    }
    // A repeat's change must not be what the first call left running: that control makes the first call too.
    const afterFirst = violation.call === 2 && violation.hint === 'idempotentHint';
    const background = await backgroundOf(afterFirst);
    const own = violation.changes.filter((change) => !background?.has(changeKey(change)));
    if (own.length < violation.changes.length) {
      const without = afterFirst ? 'after the first call alone' : 'without the command';
      notes.push(
        `a control run ${without} showed ${violation.changes.length - own.length} of the ` +
          `${violation.changes.length} change(s) behind ${violation.hint} within ${window} ms: background`,
      );
    }
    if (own.length > 0)
      kept.push(own.length === violation.changes.length ? violation : { ...violation, changes: own });
  }
  return { violations: kept, notes };
}
