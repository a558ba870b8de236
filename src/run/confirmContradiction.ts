import type { EgressAttempt } from '../../harness/process/index.js';
import { violationsOf } from '../checks/index.js';
import type { Violation } from '../checks/violation.js';
import type { HintName, Hints } from '../model/hints.js';
import type { CommandOptions } from './executeCommand.js';
import type { MadeCall, RunResult } from './runSequence.js';
import { asMade, controlRun, replayed, runSequence } from './runSequence.js';
import type { SessionPool } from './sessionPool.js';

/** Replays from a fresh sandbox before a contradiction seen in a session is believed (one alone, two after). */
const ATTEMPTS_WITH_HISTORY = 2;

/** The shortest control window for egress (twice the call's duration when that is longer). */
const CONTROL_MIN_MS = 250;

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
  /** Every run made (the tool's tally counts only the session's own, so this is for the shrink counter). */
  readonly onReplay?: (result: RunResult) => void;
}

export type Confirmation =
  | {
      readonly confirmed: true;
      readonly result: RunResult;
      readonly violations: readonly Violation[];
      /** Indices of the history calls the contradiction needed (ascending; empty when it needs none). */
      readonly kept: readonly number[];
    }
  | { readonly confirmed: false; readonly replays: readonly string[] };

/**
 * Confirms a contradiction found in a session from a fresh sandbox: first the run alone, then after the
 * session's whole history. When only the history reproduces it, history calls it does not need are dropped
 * (first every call that changed nothing observable, then halves, quarters…, each drop kept only if the
 * contradiction still reproduces). A contradiction that
 * never reproduces is not confirmed: the caller reports it as flaky, with what each replay showed.
 */
export async function confirmContradiction(input: ConfirmInput): Promise<Confirmation> {
  const replays: string[] = [];
  const attempt = async (kept: readonly number[]) => {
    const calls = [...kept.map((index) => input.history[index] as MadeCall), ...input.run];
    const result = await runSequence(input.pool, replayed(calls), asMade(input.target), input.options);
    input.onReplay?.(result);
    const observation = result.observation;
    let violations =
      observation === undefined
        ? []
        : violationsOf(input.effective, observation).filter((violation) => input.hints.has(violation.hint));
    const egress = violations.find((violation) => violation.hint === 'openWorldHint');
    if (egress !== undefined && observation !== undefined) {
      // Egress is the call's doing only where the same time passing without the call reaches nowhere alike.
      const call = egress.call === 2 ? observation.call2 : observation.call1;
      const window = Math.max(CONTROL_MIN_MS, 2 * (call?.durationMs ?? 0));
      const background = await controlRun(
        input.pool,
        replayed(calls),
        window,
        input.options,
        (call?.endedAtMs ?? 0) + window,
      );
      const seen = new Set(background.map(destinationOf));
      const caused = (egress.egress ?? []).filter((attempt) => !seen.has(destinationOf(attempt)));
      if (caused.length === 0) {
        violations = violations.filter((violation) => violation !== egress);
        replays.push(
          `a control run without the call reached the same destinations within ${window} ms: background traffic`,
        );
      } else {
        violations = violations.map((violation) =>
          violation === egress ? { ...egress, egress: caused } : violation,
        );
      }
    }
    replays.push(describeReplay(kept.length, input.history.length, result, violations));
    return { result, violations };
  };
  // What only the server's own reads showed (no environment hintproof holds) must reproduce twice in a row:
  // such a read may depend on things no replay controls (timing, other processes).
  const holds = async (kept: readonly number[], found: Attempt) =>
    found.violations.length > 0 &&
    (!seenOnlyByObservers(found) || (await attempt(kept)).violations.length > 0);
  const alone = await attempt([]);
  if (await holds([], alone)) return { confirmed: true, ...alone, kept: [] };
  if (input.history.length === 0) return { confirmed: false, replays };
  const all = input.history.map((_, index) => index);
  for (let tries = 0; tries < ATTEMPTS_WITH_HISTORY; tries++) {
    const found = await attempt(all);
    if (await holds(all, found)) {
      return { confirmed: true, ...(await minimise(all, found, attempt, input.history)) };
    }
  }
  return { confirmed: false, replays };
}

type Attempt = { readonly result: RunResult; readonly violations: readonly Violation[] };

/** Drops chunks of history while the contradiction still reproduces, within `MINIMISE_BUDGET` replays. */
async function minimise(
  all: readonly number[],
  found: Attempt,
  attempt: (kept: readonly number[]) => Promise<Attempt>,
  history: readonly MadeCall[],
): Promise<Attempt & { kept: readonly number[] }> {
  let kept = [...all];
  let best = found;
  let budget = MINIMISE_BUDGET;
  // Calls that changed nothing observable rarely built the state: try without all of them first.
  const changing = kept.filter((index) => history[index]?.changed !== false);
  if (changing.length < kept.length) {
    budget--;
    const tried = await attempt(changing);
    if (tried.violations.length > 0) {
      kept = changing;
      best = tried;
    }
  }
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
): string {
  const after =
    kept === 0
      ? 'alone'
      : kept === total
        ? `after the session's ${total} earlier calls`
        : `after ${kept} of the session's ${total} earlier calls`;
  if (violations.length > 0) return `replayed ${after}: reproduced`;
  const outcome =
    result.observation === undefined ? (result.aborted ?? 'the command was not made') : 'no contradiction';
  return `replayed ${after} on a fresh sandbox: ${outcome}`;
}

/** Where an attempt went, as compared between a call and its control run. */
function destinationOf(attempt: EgressAttempt): string {
  return `${attempt.kind} ${attempt.destination}`;
}

/** Whether every change behind a replay's violations was seen only through observers (egress aside). */
function seenOnlyByObservers(found: Attempt): boolean {
  const changes = found.violations.flatMap((violation) => violation.changes);
  return changes.length > 0 && changes.every((change) => change.environment === 'observed');
}
