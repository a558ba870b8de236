import { violationsOf } from '../../checks/index.js';
import type { Violation } from '../../checks/violation.js';
import type { HintName, Hints } from '../../model/hints.js';
import type { AmbientEgress } from '../../model/report.js';
import { mergeAmbient } from '../policy/ambientEgress.js';
import { suppliersInHistory } from '../run/dataFlow.js';
import { controlViolations } from './controlEgress.js';
import { CONTROL_MIN_MS, controlState, windowsFor } from './controlState.js';
import type { CommandOptions } from '../run/executeCommand.js';
import type { MadeCall, PlannedCall, RunResult } from '../run/runSequence.js';
import { asMade, replayed } from '../run/runSequence.js';
import { CONFIRM_MAKINGS, repeatedReplay } from './repeatedReplay.js';
import type { SessionPool } from '../session/sessionPool.js';

/** Replays from a fresh sandbox before a contradiction seen in a session is believed (one alone, two after). */
const ATTEMPTS_WITH_HISTORY = 2;

/** At most this many fresh replays are spent dropping history calls the contradiction does not need. */
const MINIMISE_BUDGET = 8;

export interface ConfirmInput {
  readonly pool: SessionPool;
  /** The session's calls before the run, in order. */
  readonly history: readonly MadeCall[];
  /** The run's own preamble calls, as made. */
  readonly run: readonly MadeCall[];
  /** The checked command, its arguments as made. */
  readonly target: MadeCall;
  readonly effective: Hints;
  /** The hints the session saw contradicted: a replay confirms when it contradicts one of them. */
  readonly hints: ReadonlySet<HintName>;
  readonly options: CommandOptions;
  /** The control window for the command (`controlWindowMs` of the session's observation; default 250 ms). */
  readonly windowMs?: number;
  /** Every run made (the tool's tally counts only the session's own, so this is for the shrink counter). */
  readonly onReplay?: (result: RunResult) => void;
}

export type Confirmation = (
  | {
      readonly confirmed: true;
      readonly result: RunResult;
      readonly violations: readonly Violation[];
      /** Indices of the history calls the contradiction needed (ascending; empty when it needs none). */
      readonly kept: readonly number[];
    }
  | { readonly confirmed: false; readonly replays: readonly string[] }
) & {
  /** Egress of the call that a control run also showed: background traffic, never blamed (one per destination). */
  readonly ambient: readonly AmbientEgress[];
  /** A control window of a replay showed a change: what comes after (shrinking) must take windows too. */
  readonly backgroundSeen: boolean;
};

/**
 * Confirms a contradiction found in a session from a fresh sandbox: first the run alone, then after the
 * session's whole history. When only the history reproduces it, history calls it does not need are dropped
 * (first every call that changed nothing observable, then halves, quarters…, each drop kept only if the
 * contradiction still reproduces). Each confirming replay makes the command up to `CONFIRM_MAKINGS` times in a
 * row, each after its own control windows, and reproduces when one of them does: an effect the tool has on
 * a fraction of its calls is confirmed by repetition, not by one replay. A contradiction that
 * never reproduces is not confirmed: the caller reports it as flaky, with what each replay showed.
 */
export async function confirmContradiction(input: ConfirmInput): Promise<Confirmation> {
  const replays: string[] = [];
  let ambient: AmbientEgress[] = [];
  const windows = windowsFor(input.hints, input.windowMs ?? CONTROL_MIN_MS);
  // Whether a window of an attempt so far showed a change: the server changes things on its own.
  let backgroundSeen = false;
  // A confirming replay takes its own control windows (time only, no fresh sandbox) and shows a state
  // contradiction only in changes they did not show; one that drops history (`confirming` false) takes them
  // only once a window showed background change, and spends no control run on egress.
  const attempt = async (kept: readonly number[], confirming = true) => {
    const calls = [...kept.map((index) => input.history[index] as MadeCall), ...input.run];
    const taken = confirming || backgroundSeen ? windows : undefined;
    // A confirming replay makes the command several times (`CONFIRM_MAKINGS`): an effect a tool has on a
    // fraction of its calls shows in one of them. One that drops history makes it once.
    let quiet = 0;
    const judge = async (result: RunResult, before: readonly PlannedCall[]) => {
      input.onReplay?.(result);
      quiet += shownInWindows(result);
      backgroundSeen ||= shownInWindows(result) > 0;
      const notes: string[] = [];
      const observation = result.observation;
      let violations =
        observation === undefined
          ? []
          : violationsOf(input.effective, observation).filter((violation) => input.hints.has(violation.hint));
      if (
        (confirming || taken !== undefined) &&
        observation !== undefined &&
        violations.some((v) => v.hint !== 'openWorldHint')
      ) {
        const control = await controlState(
          input.pool,
          before,
          asMade(input.target),
          observation,
          violations,
          input.options,
          windows === undefined || result.windows === undefined
            ? undefined
            : { ms: windows.ms, ...result.windows },
        );
        violations = [...control.violations];
        notes.push(...control.notes);
      }
      let background = false;
      if (confirming && observation !== undefined) {
        const controlled = await controlViolations(
          input.pool,
          before,
          observation,
          violations,
          input.options,
        );
        violations = controlled.violations;
        const control = controlled.control;
        if (control !== undefined && control.kind !== 'uncontrolled') {
          ambient = mergeAmbient(ambient, control.ambient);
        }
        if (control !== undefined && control.kind !== 'caused') {
          background = control.kind === 'background';
          notes.push(control.note);
        }
      }
      return { violations, background, notes, done: violations.length > 0 || background };
    };
    const { result, judged, making } = await repeatedReplay(
      input.pool,
      replayed(calls),
      asMade(input.target),
      input.options,
      taken,
      confirming ? CONFIRM_MAKINGS : 1,
      judge,
    );
    replays.push(...judged.notes);
    replays.push(describeReplay(kept.length, input.history.length, result, judged.violations, making, quiet));
    return { result, violations: judged.violations, background: judged.background };
  };
  // What only the server's own reads showed (no environment hintproof holds) must reproduce twice in a row:
  // such a read may depend on things no replay controls (timing, other processes).
  const holds = async (kept: readonly number[], found: Attempt) =>
    found.violations.length > 0 &&
    (!seenOnlyByObservers(found) || (await attempt(kept)).violations.length > 0);
  const alone = await attempt([]);
  if (await holds([], alone)) return { confirmed: true, ...alone, kept: [], ambient, backgroundSeen };
  // Egress that reproduced alone and that a control run showed too is background: history changes nothing.
  if (input.history.length === 0 || explained(alone))
    return { confirmed: false, replays, ambient, backgroundSeen };
  const all = input.history.map((_, index) => index);
  for (let tries = 0; tries < ATTEMPTS_WITH_HISTORY; tries++) {
    const found = await attempt(all);
    if (explained(found)) break;
    if (await holds(all, found)) {
      return {
        confirmed: true,
        ...(await minimise(all, found, (kept) => attempt(kept, false), input.history, [
          ...input.run.map((call) => call.args),
          input.target.args,
        ])),
        ambient,
        backgroundSeen,
      };
    }
  }
  return { confirmed: false, replays, ambient, backgroundSeen };
}

type Attempt = {
  readonly result: RunResult;
  readonly violations: readonly Violation[];
  /** A control run showed every destination of the replay's egress. */
  readonly background?: boolean;
};

/** An attempt whose only contradiction was egress that a control run showed as background traffic. */
function explained(found: Attempt): boolean {
  return found.background === true && found.violations.length === 0;
}

/**
 * Drops chunks of history while the contradiction still reproduces, within `MINIMISE_BUDGET` replays; `args`
 * are those of the run's calls, the command's last.
 */
async function minimise(
  all: readonly number[],
  found: Attempt,
  attempt: (kept: readonly number[]) => Promise<Attempt>,
  history: readonly MadeCall[],
  args: readonly unknown[],
): Promise<Attempt & { kept: readonly number[] }> {
  let kept = [...all];
  let best = found;
  let budget = MINIMISE_BUDGET;
  const tryKeeping = async (candidate: readonly number[]) => {
    if (candidate.length === 0 || candidate.length >= kept.length || budget === 0) return;
    budget--;
    const tried = await attempt(candidate);
    if (tried.violations.length > 0) {
      kept = [...candidate];
      best = tried;
    }
  };
  // Calls that changed nothing observable rarely built the state: try without all of them first.
  await tryKeeping(kept.filter((index) => history[index]?.changed !== false));
  // Then only the calls the run's values came from (a long session holds many calls that made other things).
  await tryKeeping(suppliersInHistory(kept, history, args));
  for (
    let size = Math.ceil(kept.length / 2);
    size >= 1 && budget > 0;
    size = size === 1 ? 0 : Math.ceil(size / 2)
  ) {
    for (let start = 0; start < kept.length && budget > 0;) {
      const candidate = [...kept.slice(0, start), ...kept.slice(start + size)];
      budget--;
      const tried = await attempt(candidate);
      if (tried.violations.length > 0) {
        kept = candidate;
        best = tried;
      } else {
        start += size;
      }
    }
  }
  return { ...best, kept };
}

function describeReplay(
  kept: number,
  total: number,
  result: RunResult,
  violations: readonly Violation[],
  makings: number,
  /** How many changes the control windows of all its makings showed. */
  quiet: number,
): string {
  const after =
    kept === 0
      ? 'alone'
      : kept === total
        ? `after the session's ${total} earlier calls`
        : `after ${kept} of the session's ${total} earlier calls`;
  const times = makings > 1 ? ` (the command made ${makings} times)` : '';
  if (violations.length > 0)
    return `replayed ${after}: reproduced${makings > 1 ? ` the ${ordinal(makings)} time the command was made` : ''}`;
  const outcome =
    result.observation === undefined ? (result.aborted ?? 'the command was not made') : 'no contradiction';
  const windows =
    quiet === 0 ? '' : ` (${quiet} change(s) came while no call was made, in its control windows)`;
  return `replayed ${after} on a fresh sandbox${times}: ${outcome}${windows}`;
}

/** `2nd`, `3rd`, `6th`: which making of the command reproduced (at most `CONFIRM_MAKINGS`). */
function ordinal(n: number): string {
  return `${n}${n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
}

/** Whether every change behind a replay's violations was seen only through observers (egress aside). */
function seenOnlyByObservers(found: Attempt): boolean {
  const changes = found.violations.flatMap((violation) => violation.changes);
  return changes.length > 0 && changes.every((change) => change.environment === 'observed');
}

/** How many changes a run's control windows showed (none taken: 0). */
function shownInWindows(result: RunResult): number {
  return (result.windows?.beforeCommand?.length ?? 0) + (result.windows?.betweenCalls?.length ?? 0);
}
