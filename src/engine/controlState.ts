import { changeKey } from '../../harness/index.js';
import type { Change } from '../../harness/index.js';
import type { Violation } from '../checks/violation.js';
import type { Observation } from '../model/observation.js';
import type { CommandOptions } from './executeCommand.js';
import type { PlannedCall } from './runSequence.js';
import { controlRun } from './runSequence.js';
import type { SessionPool } from './sessionPool.js';

/** The shortest control window for state (twice the command's duration when that is longer). */
export const CONTROL_MIN_MS = 250;

/** The control window for a command: twice its calls' duration, `CONTROL_MIN_MS` at least. */
export function controlWindowMs(observation: Observation): number {
  const duration = (observation.call1.durationMs ?? 0) + (observation.call2?.durationMs ?? 0);
  return Math.max(CONTROL_MIN_MS, 2 * duration);
}

/** Control windows taken inside the confirming replay itself (see `ControlWindows`): what each showed. */
export interface InSessionControl {
  readonly ms: number;
  readonly beforeCommand?: readonly Change[];
  readonly betweenCalls?: readonly Change[];
}

/** What control runs say of the changes state violations rest on. */
export interface StateControl {
  /** The violations with only the changes no control run showed; those left with none are dropped. */
  readonly violations: readonly Violation[];
  /** Why changes were set aside (for the replay notes). */
  readonly notes: readonly string[];
}

/**
 * A change is the command's doing only where the same time passing without it changes nothing alike: after the
 * same calls before (and, for a repeat's violation, the command's first call), a window with no call (250 ms at
 * least, twice the command's duration when longer). Changes it shows too (a write a call before it left
 * running, a timer's) are set aside; a violation left with none is background, not the tool's. The windows are
 * those the replay took itself (`inSession`: just before its command, between its calls), else a control run
 * on a fresh sandbox for each one missing (at most two: without the command, after its first call). Egress
 * violations pass through (see `controlEgress`); a control whose server did not start sets nothing aside.
 */
export async function controlState(
  pool: SessionPool,
  before: readonly PlannedCall[],
  target: PlannedCall,
  observation: Observation,
  violations: readonly Violation[],
  options: CommandOptions,
  inSession?: InSessionControl,
): Promise<StateControl> {
  const window = inSession?.ms ?? controlWindowMs(observation);
  const seen = new Map<boolean, Promise<ReadonlySet<string> | undefined>>();
  const keysOf = (changes: readonly Change[]) => Promise.resolve(new Set(changes.map(changeKey)));
  if (inSession?.beforeCommand !== undefined) seen.set(false, keysOf(inSession.beforeCommand));
  if (inSession?.betweenCalls !== undefined) seen.set(true, keysOf(inSession.betweenCalls));
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
      const set = `${violation.changes.length - own.length} of the ${violation.changes.length} change(s)`;
      const inside = afterFirst ? inSession?.betweenCalls : inSession?.beforeCommand;
      notes.push(
        inside !== undefined
          ? `the replay's ${window} ms with no call ${afterFirst ? 'between its calls' : 'before the command'} ` +
              `showed ${set} behind ${violation.hint}: background`
          : `a control run ${afterFirst ? 'after the first call alone' : 'without the command'} showed ` +
              `${set} behind ${violation.hint} within ${window} ms: background`,
      );
    }
    if (own.length > 0)
      kept.push(own.length === violation.changes.length ? violation : { ...violation, changes: own });
  }
  return { violations: kept, notes };
}
