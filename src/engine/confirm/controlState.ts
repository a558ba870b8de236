import { changeKey } from '../../../harness/index.js';
import type { Change } from '../../../harness/index.js';
import type { Violation } from '../../checks/violation.js';
import type { HintName } from '../../model/hints.js';
import type { Observation } from '../../model/observation.js';
import type { CommandOptions } from '../run/executeCommand.js';
import type { PlannedCall } from '../run/runSequence.js';
import type { ControlWindows, WindowChanges } from '../run/runTypes.js';
import { controlRun } from '../run/runSequence.js';
import type { SessionPool } from '../session/sessionPool.js';

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
  const windowOf = async (afterFirst: boolean): Promise<ShownInWindow | undefined> => {
    const inside = afterFirst ? inSession?.betweenCalls : inSession?.beforeCommand;
    if (inside !== undefined) return shownIn(inside, true);
    const control = await controlRun(pool, afterFirst ? [...before, target] : before, window, options);
    return control === undefined ? undefined : shownIn(control.changes, false);
  };
  const shown: ShownInWindows = {};
  for (const afterFirst of [false, true]) {
    const needed = violations.some(
      (violation) =>
        violation.hint !== 'openWorldHint' &&
        violation.changes.length > 0 &&
        afterWindow(violation) === afterFirst,
    );
    const found = needed ? await windowOf(afterFirst) : undefined;
    if (found !== undefined) shown[afterFirst ? 'betweenCalls' : 'beforeCommand'] = found;
  }
  return setAside(violations, shown, window);
}

/** What a control window showed changing (its entities' keys), and whether the replay took it itself. */
interface ShownInWindow {
  readonly keys: ReadonlySet<string>;
  readonly inSession: boolean;
}

/** What a window showed: the entities its changes touched. */
function shownIn(changes: readonly Change[], inSession: boolean): ShownInWindow {
  return { keys: new Set(changes.map(changeKey)), inSession };
}

/** The windows a run's violations are set against: before the command, and after its first call. */
export interface ShownInWindows {
  beforeCommand?: ShownInWindow;
  betweenCalls?: ShownInWindow;
}

/** Whether a violation's changes are set against the window after the command's first call (a repeat's). */
function afterWindow(violation: Violation): boolean {
  return violation.call === 2 && violation.hint === 'idempotentHint';
}

/**
 * The violations with the changes their window showed too set aside (pure): a violation left with none is
 * background, dropped. Egress violations, and those whose window was not taken, pass through.
 */
export function setAside(
  violations: readonly Violation[],
  shown: ShownInWindows,
  window: number,
): StateControl {
  const kept: Violation[] = [];
  const notes: string[] = [];
  for (const violation of violations) {
    const afterFirst = afterWindow(violation);
    const seen = afterFirst ? shown.betweenCalls : shown.beforeCommand;
    if (violation.hint === 'openWorldHint' || violation.changes.length === 0 || seen === undefined) {
      kept.push(violation);
      continue;
    }
    const own = violation.changes.filter((change) => !seen.keys.has(changeKey(change)));
    if (own.length < violation.changes.length) {
      const set = `${violation.changes.length - own.length} of the ${violation.changes.length} change(s)`;
      notes.push(
        seen.inSession
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

/** `setAside` for a run that took its own windows (`RunResult.windows`): no control run is made. */
export function setAsideInRun(
  violations: readonly Violation[],
  windows: WindowChanges | undefined,
  window: number,
): StateControl {
  const shown: ShownInWindows = {};
  if (windows?.beforeCommand !== undefined) shown.beforeCommand = shownIn(windows.beforeCommand, true);
  if (windows?.betweenCalls !== undefined) shown.betweenCalls = shownIn(windows.betweenCalls, true);
  return setAside(violations, shown, window);
}

/**
 * The control windows a replay takes itself for contradictions of `hints`, so that no fresh sandbox is spent on
 * a control run: before the command for a state contradiction of any call, between its calls for a repeat's
 * (idempotency); none for egress alone (see `controlEgress`).
 */
export function windowsFor(hints: Iterable<HintName>, ms: number): ControlWindows | undefined {
  const state = [...hints].filter((hint) => hint !== 'openWorldHint');
  if (state.length === 0) return undefined;
  return {
    ms,
    beforeCommand: state.some((hint) => hint !== 'idempotentHint'),
    betweenCalls: state.includes('idempotentHint'),
  };
}
