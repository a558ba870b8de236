import { HINT_NAMES } from '../../model/hints.js';
import type { HintName, Hints } from '../../model/hints.js';
import { isApplicable } from '../../hints/effectiveHints.js';
import type { Evidence, FlakyEvidence, Verdict } from '../../model/report.js';
import type { ToolTally } from './toolTally.js';
import { unexercised } from './toolTally.js';
import { describeService } from './outsideServices.js';
import { MIN_SUPPORT, demonstrated, metButNeverShown } from './demonstrated.js';

/**
 * Pure: every hint's verdict for one tool. `consistent` needs evidence: a first call that succeeded (and, for
 * idempotency, a repeat that completed). Without it the verdict is `inconclusive` with the reason.
 */
export function verdictsFor(
  effective: Hints,
  tally: ToolTally,
  contradictions: Readonly<Partial<Record<HintName, Evidence>>>,
  inconclusiveReason: string | undefined,
  /** Why egress was not observed; `undefined` when it was (the server ran isolated and traced). */
  egressUnobserved: string | undefined,
  /** Contradictions seen in a session that no fresh replay reproduced. */
  flaky: readonly FlakyEvidence[] = [],
): Record<HintName, Verdict> {
  const verdict = (hint: HintName): Verdict => {
    if (!isApplicable(hint, effective)) return { status: 'not-applicable' };
    const evidence = contradictions[hint];
    if (evidence) return { status: 'contradicted', evidence };
    // Seen once against the hint and never again: neither a contradiction nor evidence for the hint.
    const unconfirmed = flaky.find((entry) => entry.hint === hint);
    if (unconfirmed !== undefined) return { status: 'inconclusive', reason: flakyReason(unconfirmed, flaky) };
    if (hint === 'openWorldHint' && egressUnobserved !== undefined)
      return { status: 'unchecked', reason: egressUnobserved };
    if (inconclusiveReason !== undefined) return { status: 'inconclusive', reason: inconclusiveReason };
    const supporting = hint === 'idempotentHint' ? tally.repeated : tally.successful;
    // "Destroys nothing" is only shown by calls that had something to destroy.
    if (
      hint === 'destructiveHint' &&
      !effective.destructiveHint &&
      supporting > 0 &&
      demonstrated(tally).metExisting === 0
    ) {
      return { status: 'inconclusive', reason: neverMetExistingReason(tally) };
    }
    if (supporting > 0) return { status: 'consistent', observations: supporting };
    return { status: 'inconclusive', reason: noEvidenceReason(hint, tally) };
  };
  return Object.fromEntries(HINT_NAMES.map((hint) => [hint, verdict(hint)])) as Record<HintName, Verdict>;
}

function flakyReason(first: FlakyEvidence, flaky: readonly FlakyEvidence[]): string {
  const times = flaky.filter((entry) => entry.hint === first.hint).length;
  return (
    `${times === 1 ? 'a contradiction was' : `${times} contradictions were`} seen in a session ` +
    `(${first.title}) and never reproduced from a fresh sandbox: see the flaky findings for what each replay ` +
    'showed; re-run with more --runs, or check the tool by hand'
  );
}

function neverMetExistingReason(tally: ToolTally): string {
  // Commands that met it, none of whose answers showed they did their job there: say so, not that none met it.
  const unshown = metButNeverShown(tally);
  if (unshown !== undefined) return `${unshown}, so nothing shows it destroys nothing`;
  return (
    `never exercised against existing state: none of its ${tally.successful} successful command(s) named or ` +
    'touched an entity that existed before it, so there was nothing to destroy; seed the sandbox (--fs, --pg) ' +
    'or name a tool that creates what it acts on with --producers'
  );
}

function noEvidenceReason(hint: HintName, tally: ToolTally): string {
  const sample = tally.sampleError ? ` (sample: ${tally.sampleError})` : '';
  if (tally.observations === 0) {
    return tally.invalidArguments > 0
      ? `no command was sent: all ${tally.invalidArguments} generated argument sets failed the input schema`
      : 'no command was run';
  }
  if (tally.successful === 0)
    return `every call failed${sample}; ${unreachableHint(tally) ?? allFailedHint(tally)}`;
  return hint === 'idempotentHint'
    ? `no successful call could be repeated${sample}`
    : `no call succeeded${sample}`;
}

/** What to do when the failing calls tried to reach a service outside the sandbox; else undefined. */
function unreachableHint(tally: ToolTally): string | undefined {
  const services = tally.unreachable ?? [];
  if (services.length === 0) return undefined;
  return (
    `it tried to reach ${services.map(describeService).join(', ')}, outside the sandbox: hintproof sandboxes ` +
    'only its own environments ({fs}, {pg}, {sqlite}, HOME, TMPDIR); give the server one of those (--pg, ' +
    '--sqlite, --fs), or, if the service runs on this machine, use --no-isolation (state outside the sandbox ' +
    'is then not observed)'
  );
}

/** What to try when every call failed, judged by whether the arguments met the sandbox's contents. */
function allFailedHint(tally: ToolTally): string {
  if (tally.withArguments === 0) {
    return "the tool takes no arguments, so its calls failed on their own: check the server's settings (--env) and data";
  }
  return tally.pooled === 0
    ? 'no argument named anything found in the sandbox: pass --fs (or --pg) with data the tool can act on'
    : `${tally.pooled} of ${tally.observations} commands named existing sandbox values and still failed: ` +
        "check the seed data and the server's settings (--env)";
}

export { MIN_SUPPORT } from './demonstrated.js';

/**
 * Pure: the tightest hints the observations support. A hint moves to its tighter value only on evidence, to
 * its cautious value when observations contradict it, and stays as declared when there is no evidence either
 * way or less than `MIN_SUPPORT` observations of it. The evidence for a tighter hint is calls in which the
 * tool visibly did something (issue 13): a call that named nothing the sandbox held and changed nothing may
 * have failed in words hintproof cannot read (an answer in another language), and proves nothing. So
 * `readOnlyHint: true` needs successful calls that met existing state (`metExisting`), as `destructiveHint:
 * false` and `idempotentHint: true` do for a tool suggested read-only (repeats of such calls, `repeatedActed`);
 * for a tool that may write, they need calls that changed something (`changedExisting`, `repeatedChanged`): a
 * replace whose search matched nothing met a file but shows nothing of what the tool does when it writes.
 * A call that met state and changed nothing counts only if its answer shows it did its job there
 * (`demonstrated`): not in the shape of the tool's failed calls, and not one shape whatever the arguments with
 * nothing of the state in it (a failure in any language, or an acknowledgement of nothing done).
 * `openWorldHint: false` needs calls that met state or changed it (`acted`), with egress observed. A tool with a mode-like enum property some
 * of whose values never succeeded (`unexercised`) gets nothing tighter than declared (corrections of
 * contradicted hints stay).
 */
export function suggestedHints(effective: Hints, tally: ToolTally, egressObserved = false): Hints {
  // A mode never exercised (`action: delete`) may do what the exercised ones did not: nothing tighter.
  const partial = unexercised(tally).length > 0;
  const pick = (against: number, support: number, tight: boolean, current: boolean): boolean =>
    against > 0 ? !tight : support >= MIN_SUPPORT && !partial ? tight : current;
  const shown = demonstrated(tally);
  const readOnlyHint = pick(tally.changed, shown.metExisting, true, effective.readOnlyHint);
  const support = writeSupport(tally, readOnlyHint);
  return {
    readOnlyHint,
    destructiveHint: pick(tally.destroyed, support.destructiveHint, false, effective.destructiveHint),
    idempotentHint: pick(tally.changedOnRepeat, support.idempotentHint, true, effective.idempotentHint),
    openWorldHint: egressObserved
      ? pick(tally.egressed, shown.acted, false, effective.openWorldHint)
      : effective.openWorldHint,
  };
}

/**
 * The observations that support `destructiveHint: false` and `idempotentHint: true`: for a tool suggested
 * read-only, its calls that met existing state (and their repeats); for one that may write, those that changed
 * something (and their repeats), since a write that never happened shows nothing of what the tool's writes do.
 */
function writeSupport(
  tally: ToolTally,
  readOnly: boolean,
): { destructiveHint: number; idempotentHint: number } {
  const shown = demonstrated(tally);
  return readOnly
    ? { destructiveHint: shown.metExisting, idempotentHint: shown.repeatedActed }
    : { destructiveHint: tally.changedExisting, idempotentHint: tally.repeatedChanged };
}

/** Pure: how many observations stand behind each suggested value (against it when it is the cautious one). */
export function suggestionBasis(
  tally: ToolTally,
  effective: Hints,
  egressObserved = false,
): Partial<Record<HintName, number>> {
  const support = writeSupport(tally, suggestedHints(effective, tally).readOnlyHint);
  const shown = demonstrated(tally);
  return {
    readOnlyHint: tally.changed > 0 ? tally.changed : shown.metExisting,
    destructiveHint: tally.destroyed > 0 ? tally.destroyed : support.destructiveHint,
    idempotentHint: tally.changedOnRepeat > 0 ? tally.changedOnRepeat : support.idempotentHint,
    ...(egressObserved ? { openWorldHint: tally.egressed > 0 ? tally.egressed : shown.acted } : {}),
  };
}
