import fc from 'fast-check';
import { violationsOf } from '../../checks/index.js';
import type { HintName } from '../../model/hints.js';
import type { AmbientEgress, Evidence, FlakyEvidence } from '../../model/report.js';
import { destinationsOf, isBackground, mergeAmbient } from '../policy/ambientEgress.js';
import { controlEgress } from '../confirm/controlEgress.js';
import { ContradictionFound } from '../confirm/contradictionFound.js';
import { confirmContradiction } from '../confirm/confirmContradiction.js';
import { evidenceOf } from '../confirm/evidenceOf.js';
import { flakyOf } from '../confirm/flakyOf.js';
import type { ControlWindows } from '../run/runTypes.js';
import type { PlannedCall } from '../run/runSequence.js';
import { replayed } from '../run/runSequence.js';
import { judgedViolations, replayRun } from './judgedRun.js';
import { CONTROL_MIN_MS, controlWindowMs, windowsFor } from '../confirm/controlState.js';
import { plan, rebuildHistory, roundArbitrary } from './roundRuns.js';
import { shrunkAlone } from './withoutHistory.js';
import { SessionRunner } from '../run/sessionRunner.js';
import { ShrinkMemo } from '../confirm/shrinkMemo.js';
import { shrinkShape } from '../confirm/shrinkShape.js';
import type { CarriedRuns } from '../run/sessionPath.js';
import { formatSessionPath } from '../run/sessionPath.js';
import type { RoundOptions } from './roundOptions.js';

/**
 * At most this many shrink candidates are replayed per contradiction (those skipped as no smaller aside); the
 * smallest failing one found is kept.
 */
const MAX_SHRINK_RUNS = 40;

export interface RoundResult {
  /** Runs spent, shrinking aside. */
  readonly runs: number;
  /** The evidence per contradicted hint (empty when the round found none). */
  readonly contradictions: Partial<Record<HintName, Evidence>>;
  /** Contradictions seen in a session that no replay from a fresh sandbox reproduced. */
  readonly flaky: readonly FlakyEvidence[];
  /** Egress that control runs showed without the call: background traffic (one entry per destination). */
  readonly ambientEgress: readonly AmbientEgress[];
}

/** How the property runs: searching in sessions, shrinking or replaying on fresh sandboxes after a fixed history. */
type Mode =
  | { readonly kind: 'search' }
  | {
      readonly kind: 'shrink' | 'replay';
      readonly history: readonly PlannedCall[];
      readonly kept: readonly number[];
      readonly sessionStart: number;
      readonly carried?: readonly CarriedRuns[];
      /** The control windows every run of the mode takes (`windowsFor` the contradiction's hints). */
      readonly windows?: ControlWindows;
    };

/**
 * One fast-check search for one tool. Runs share a session (one server process and sandbox) until it has made
 * `sessionCalls` calls: each run is an optional preamble (calls of producers, made once) and the tool's
 * command, checked against the state just before it, so what earlier runs left is existing state for later
 * ones. A contradiction is confirmed from a fresh sandbox (alone, else after the session's history, of which
 * the calls it does not need are dropped), then shrunk by fast-check with that history as a fixed preamble,
 * each candidate on a fresh sandbox (none for a candidate no smaller: `shrinkShape`). One that never reproduces
 * is returned as flaky, and the search goes on.
 */
export async function searchRound(
  options: RoundOptions,
  replay: (path: string) => string,
): Promise<RoundResult> {
  const arbitrary = roundArbitrary(options);
  // The property's own `replay` (a replayed run) hides this one.
  const replayLineOf = replay;
  const runner = options.runner ?? new SessionRunner(options.pool, options.sessionCalls);
  const flaky: FlakyEvidence[] = [];
  let ambientEgress: AmbientEgress[] = [];
  let mode: Mode = { kind: 'search' };
  let shrinkRuns = 0;
  const memo = new ShrinkMemo();
  let runIndex = -1;
  // The shape of the counterexample held while shrinking: a candidate of the same shape is no smaller.
  let heldShape = '';
  const property = fc.asyncProperty(arbitrary, async (generated) => {
    if (stopped(options)) return true;
    if (mode.kind === 'shrink' && shrinkRuns >= MAX_SHRINK_RUNS) return true;
    if (mode.kind === 'search') runIndex++;
    const planned = plan(options, generated);
    if (planned === undefined) return true;
    // Only a shrink, and a contradiction found, need a run's shape.
    const shape = () => shrinkShape([...planned.preamble, planned.target]);
    if (mode.kind === 'shrink') {
      if (shape() === heldShape) return true;
      shrinkRuns++;
    }
    // A replay judges its makings as it makes them: the violations of the one it stopped at.
    const replay =
      mode.kind === 'replay'
        ? await replayRun(options, [...mode.history, ...planned.preamble], planned.target, mode.windows)
        : undefined;
    const result =
      replay?.result ??
      (mode.kind === 'search'
        ? await runner.run(runIndex, planned.preamble, planned.target, options)
        : await memo.run(
            options.pool,
            [...mode.history, ...planned.preamble],
            planned.target,
            options,
            mode.windows,
          ));
    const observation = result.observation;
    if (mode.kind !== 'shrink') {
      options.onRun(result);
      if (observation !== undefined) {
        const steps = result.steps.slice(mode.kind === 'replay' ? mode.history.length : 0);
        options.emit({
          type: 'observation',
          observation,
          ...(steps.length === 0 ? {} : { preamble: steps }),
        });
      }
    }
    if (observation === undefined || stopped(options)) return true;
    if (mode.kind !== 'shrink' && options.closedWorld !== undefined) {
      const history = mode.kind === 'search' ? runner.historyBefore() : [];
      // A replay's run may be a later making of the command on its session: the makings before it came first.
      const makings = Array.from({ length: 2 * ((replay?.making ?? 1) - 1) }, () => observation);
      await options.closedWorld.consider({
        pool: options.pool,
        observation,
        before: replayed([...history, ...result.steps, ...makings].map(({ tool, args }) => ({ tool, args }))),
        options,
        seed: options.seed,
        path: runPath(mode.kind === 'search' ? runIndex : undefined, history.length, runner, options),
        replay: replayLineOf,
        replaying: mode.kind === 'replay',
      });
    }
    const violations =
      mode.kind === 'search'
        ? violationsOf(options.effective, observation).filter((v) => options.open.has(v.hint))
        : (replay?.violations ?? (await judgedViolations(options, result, mode.windows)));
    if (violations.length === 0) return true;
    heldShape = shape();
    if (mode.kind !== 'search') throw new ContradictionFound(observation, violations, result.steps);
    const history = runner.historyBefore();
    const confirmation = await confirmContradiction({
      pool: options.pool,
      history,
      run: result.steps.map(({ tool, args }) => ({ tool, args })),
      target: { tool: observation.tool, args: observation.args },
      effective: options.effective,
      hints: new Set(violations.map((violation) => violation.hint)),
      options,
      windowMs: controlWindowMs(observation),
    });
    ambientEgress = mergeAmbient(ambientEgress, confirmation.ambient);
    if (!confirmation.confirmed) {
      const replays = [...confirmation.replays];
      let ambient = confirmation.ambient;
      // Egress no replay reached may belong to the time the session's call was made (start-up, a period): a
      // control run after the same calls, as old as the session's server was, tells background from chance.
      const egress = violations.find(
        (violation) =>
          violation.hint === 'openWorldHint' && !isBackground(violation, destinationsOf(ambient)),
      );
      if (egress !== undefined) {
        const before = [...history, ...result.steps.map(({ tool, args }) => ({ tool, args }))];
        const [call, other] =
          egress.call === 2 ? [observation.call2, observation.call1] : [observation.call1, observation.call2];
        const control = await controlEgress(
          options.pool,
          replayed(before),
          call,
          egress.egress ?? [],
          observation.args,
          options,
          other,
        );
        replays.push(`at the session's time: ${control.note}`);
        if (control.kind !== 'uncontrolled') ambient = mergeAmbient(ambient, control.ambient);
        ambientEgress = mergeAmbient(ambientEgress, ambient);
      }
      // Egress a control run also showed is background traffic, listed as ambient: not a flaky finding.
      flaky.push(
        ...violations
          .filter((violation) => !isBackground(violation, destinationsOf(ambient)))
          .map((violation) => flakyOf(violation, observation.args, history, replays)),
      );
      return true;
    }
    const carried = runner.carried();
    // Shrink candidates take control windows when the confirmation's showed the server changing things on
    // its own: each candidate then shows only what its windows did not.
    const windows = confirmation.backgroundSeen
      ? windowsFor(
          confirmation.violations.map((violation) => violation.hint),
          controlWindowMs(observation),
        )
      : undefined;
    mode = {
      kind: 'shrink',
      ...(windows === undefined ? {} : { windows }),
      history: replayed(confirmation.kept.flatMap((index) => history[index] ?? [])),
      kept: confirmation.kept,
      sessionStart: runner.sessionStart(),
      ...(carried === undefined ? {} : { carried }),
    };
    const confirmed = confirmation.result;
    throw new ContradictionFound(
      confirmed.observation ?? observation,
      confirmation.violations,
      confirmed.steps,
    );
  });
  try {
    if (options.path === undefined) {
      const details = await fc.check(property, { seed: options.seed, numRuns: options.numRuns });
      // Assigned inside the property: TypeScript cannot see it change.
      const found = mode as Mode;
      const alone =
        found.kind === 'shrink' && found.kept.length > 0 && details.failed
          ? await shrunkAlone(options, details.counterexample, details.errorInstance, found.windows)
          : undefined;
      return {
        runs: details.numRuns,
        ...evidenceOf(
          details,
          alone === undefined ? found : { kind: 'shrink', error: alone },
          flaky,
          roundOf(options),
          replay,
        ),
        ambientEgress,
      };
    }
    const path = options.path;
    const history =
      path.sessionStart === undefined ? [] : await rebuildHistory(options, arbitrary, path, runner);
    const windows = windowsFor(options.open, CONTROL_MIN_MS);
    mode = {
      kind: 'replay',
      ...(windows === undefined ? {} : { windows }),
      history: replayed((path.kept ?? []).flatMap((index) => history[index] ?? [])),
      kept: path.kept ?? [],
      sessionStart: path.sessionStart ?? 0,
      ...(path.carried === undefined ? {} : { carried: path.carried }),
    };
    const details = await fc.check(property, {
      seed: options.seed,
      numRuns: 1,
      path: path.fcPath,
      endOnFailure: true,
    });
    return { runs: 1, ...evidenceOf(details, mode, flaky, roundOf(options), replay), ambientEgress };
  } finally {
    if (options.runner === undefined) runner.close();
  }
}

/** The path that replays the search's run `runIndex` after the whole history of its session (the `--path` replayed, in a replay). */
function runPath(
  runIndex: number | undefined,
  history: number,
  runner: SessionRunner,
  options: RoundOptions,
): string {
  if (runIndex === undefined) return options.path === undefined ? '' : formatSessionPath(options.path);
  const carried = runner.carried();
  return formatSessionPath({
    fcPath: String(runIndex),
    sessionStart: runner.sessionStart(),
    kept: Array.from({ length: history }, (_, index) => index),
    ...(carried === undefined ? {} : { carried }),
  });
}

/** Whether the check was stopped (`RoundOptions.signal`). */
function stopped(options: RoundOptions): boolean {
  return options.signal?.aborted === true;
}

function roundOf(options: RoundOptions) {
  return { seed: options.seed, producers: options.producers, preambleCandidates: options.preamble.length };
}
