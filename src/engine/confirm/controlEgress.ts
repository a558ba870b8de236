import type { EgressAttempt } from '../../../harness/process/index.js';
import { destinationKey } from '../../../harness/process/index.js';
import type { CallRecord, Observation } from '../../model/observation.js';
import type { AmbientEgress } from '../../model/report.js';
import { describeControl } from '../policy/ambientEgress.js';
import { aboveBackground, commandSpanMs, describeRate } from '../policy/egressRate.js';
import type { CommandOptions } from '../run/executeCommand.js';
import type { Violation } from '../../checks/violation.js';
import type { PlannedCall, RunResult } from '../run/runSequence.js';
import { controlRun, replayed } from '../run/runSequence.js';
import type { ControlWindow } from '../run/runTypes.js';
import type { SessionPool } from '../session/sessionPool.js';

/** The shortest control window for egress (twice the call's duration when that is longer). */
const CONTROL_MIN_MS = 250;

/** Control runs made before a call's egress is left uncontrolled because each began too late. */
const CONTROL_ATTEMPTS = 3;

/** What a control run says of a call's egress. */
export type EgressControl =
  /** Some destinations only the call reached (`caused`); the others are background (`ambient`). */
  | {
      readonly kind: 'caused';
      readonly caused: readonly EgressAttempt[];
      readonly ambient: AmbientEgress[];
      readonly note: string;
    }
  /** The control run reached every destination the call did: background traffic. */
  | { readonly kind: 'background'; readonly ambient: AmbientEgress[]; readonly note: string }
  /** No control run could cover the call's time (its server did not start, or was older than the call). */
  | { readonly kind: 'uncontrolled'; readonly note: string };

/**
 * Egress is the call's doing only where the same time passing without the call reaches nowhere alike: a
 * control run on a fresh sandbox makes the same calls before, then none, from about the server's age when the
 * call began until it is as old as when the call ended, plus a window (250 ms at least, twice the call's
 * duration when longer). A control whose window began more than a window after the call did (its calls before
 * took longer) cannot speak for the call's time: it is made again, and when none of `CONTROL_ATTEMPTS` began
 * in time, the egress is neither blamed nor cleared.
 *
 * A destination the control reached (in its window, or earlier in its server's life) is background, unless
 * the command's calls reached it above the control's rate there (`aboveBackground`, given `other`, the
 * command's other call): a server that also reaches it on its own (start-up retries, timers) gets no licence
 * for what its calls add.
 */
export async function controlEgress(
  pool: SessionPool,
  before: readonly PlannedCall[],
  call: CallRecord | undefined,
  egress: readonly EgressAttempt[],
  args: Readonly<Record<string, unknown>>,
  options: CommandOptions,
  other?: CallRecord,
): Promise<EgressControl> {
  const window = Math.max(CONTROL_MIN_MS, 2 * (call?.durationMs ?? 0));
  const endedAt = call?.endedAtMs ?? 0;
  const untilAge = endedAt + window;
  const startedAt = Math.max(0, endedAt - (call?.durationMs ?? 0));
  // A fresh server is not ready at once: a control may begin a little after the call did, never a window
  // later. One that began too late (a loaded machine) is made again, up to `CONTROL_ATTEMPTS` in all; a
  // prepared session already older than the call was when it began is not used.
  let background: ControlWindow | undefined;
  for (let attempt = 0; attempt < CONTROL_ATTEMPTS; attempt++) {
    background = await controlRun(pool, before, window, options, untilAge, startedAt + window);
    if (background === undefined) {
      return { kind: 'uncontrolled', note: 'no control run could be made (its server did not start)' };
    }
    if (background.fromAgeMs <= startedAt + window) break;
  }
  if (background === undefined || background.fromAgeMs > startedAt + window) {
    return {
      kind: 'uncontrolled',
      note:
        `the control run's calls before took until its server was ${background?.fromAgeMs} ms old, more ` +
        `than ${window} ms after the call began (${startedAt} ms), in each of ${CONTROL_ATTEMPTS} control ` +
        'runs: background traffic could not be ruled out',
    };
  }
  const inWindow = new Set(background.egress.map(destinationKey));
  const counted = background.egressCounted ?? new Map<string, number>();
  const reached = (key: string) => inWindow.has(key) || (counted.get(key) ?? 0) > 0;
  const rate = { counted, lifeMs: Math.max(untilAge, background.fromAgeMs + window) };
  const keys = egress.map(destinationKey);
  const above = aboveBackground(keys.filter(reached), call, other, rate);
  const seen = (attempt: EgressAttempt) =>
    reached(destinationKey(attempt)) && !above.has(destinationKey(attempt));
  const control = describeControl(before.length, untilAge);
  const ambient = egress.filter(seen).map((attempt) => ({ egress: attempt, args, control }));
  const caused = egress.filter((attempt) => !seen(attempt));
  if (caused.length > 0) {
    const shown = egress.filter((attempt) => reached(destinationKey(attempt))).length;
    const reachedText = shown === 0 ? 'none' : `${shown}`;
    const span = call === undefined || other === undefined ? undefined : commandSpanMs(call, other);
    const rates = [...above].map(
      (key) =>
        `; ${key}: reached in both calls within ${span} ms, more often than the control's rate there ` +
        `(${describeRate(key, rate)}) allows`,
    );
    const note =
      `a control run without the call reached ${reachedText} of its ${egress.length} destinations ` +
      `over its life${rates.join('')}`;
    return { kind: 'caused', caused, ambient, note };
  }
  const moved = egress.some((attempt) => !inWindow.has(destinationKey(attempt)));
  return {
    kind: 'background',
    ambient,
    note: moved
      ? `a control run without the call reached the same destinations by the time its server was ` +
        `${untilAge} ms old, some before its window, at a rate the call's attempts do not exceed: ` +
        'background traffic whose time the call moved'
      : `a control run without the call reached the same destinations within ${window} ms, at a rate ` +
        "the call's attempts do not exceed: background traffic",
  };
}

/**
 * `violations` with their egress violation, if any, controlled (`controlEgress`, after `before`): kept with
 * only the destinations the call alone reached, or dropped when the control reached them all or could not cover
 * the call. `control` is what the control run said (absent when no egress was seen).
 */
export async function controlViolations(
  pool: SessionPool,
  before: readonly PlannedCall[],
  observation: Observation,
  violations: readonly Violation[],
  options: CommandOptions,
): Promise<{ violations: Violation[]; control?: EgressControl }> {
  const egress = violations.find((violation) => violation.hint === 'openWorldHint');
  if (egress === undefined) return { violations: [...violations] };
  const [call, other] =
    egress.call === 2 ? [observation.call2, observation.call1] : [observation.call1, observation.call2];
  const control = await controlEgress(
    pool,
    before,
    call,
    egress.egress ?? [],
    observation.args,
    options,
    other,
  );
  return {
    control,
    violations:
      control.kind === 'caused'
        ? violations.map((violation) =>
            violation === egress ? { ...egress, egress: control.caused } : violation,
          )
        : violations.filter((violation) => violation !== egress),
  };
}

/**
 * A shrink candidate's or a replay's violations, their egress controlled as a confirmation's is, after the
 * same calls. Otherwise a smaller candidate whose call a start-up look-up fell in would become the
 * counterexample, and the replay line would show background traffic as the call's doing.
 */
export async function withControlledEgress(
  pool: SessionPool,
  result: RunResult,
  violations: readonly Violation[],
  options: CommandOptions,
): Promise<Violation[]> {
  const observation = result.observation;
  if (observation === undefined) return [...violations];
  const before = replayed(result.steps.map(({ tool, args }) => ({ tool, args })));
  return (await controlViolations(pool, before, observation, violations, options)).violations;
}
