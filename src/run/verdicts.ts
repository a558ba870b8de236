import { HINT_NAMES } from '../hints/hints.js';
import type { HintName, Hints } from '../hints/hints.js';
import { isApplicable } from '../hints/effectiveHints.js';
import type { Evidence, Verdict } from '../report/model.js';
import type { ToolTally } from './toolTally.js';

export const OPEN_WORLD_UNCHECKED =
  'hintproof does not observe network egress yet; openWorldHint is neither confirmed nor contradicted';

/**
 * Pure: every hint's verdict for one tool. `consistent` needs evidence: a first call that succeeded (and, for
 * idempotency, a repeat that completed). Without it the verdict is `inconclusive` with the reason.
 */
export function verdictsFor(
  effective: Hints,
  tally: ToolTally,
  contradictions: Readonly<Partial<Record<HintName, Evidence>>>,
  inconclusiveReason?: string,
): Record<HintName, Verdict> {
  const verdict = (hint: HintName): Verdict => {
    if (!isApplicable(hint, effective)) return { status: 'not-applicable' };
    const evidence = contradictions[hint];
    if (evidence) return { status: 'contradicted', evidence };
    if (hint === 'openWorldHint') return { status: 'unchecked', reason: OPEN_WORLD_UNCHECKED };
    if (inconclusiveReason !== undefined) return { status: 'inconclusive', reason: inconclusiveReason };
    const supporting = hint === 'idempotentHint' ? tally.repeated : tally.successful;
    if (supporting > 0) return { status: 'consistent', observations: supporting };
    return { status: 'inconclusive', reason: noEvidenceReason(hint, tally) };
  };
  return Object.fromEntries(HINT_NAMES.map((hint) => [hint, verdict(hint)])) as Record<HintName, Verdict>;
}

function noEvidenceReason(hint: HintName, tally: ToolTally): string {
  const sample = tally.sampleError ? ` (sample: ${tally.sampleError})` : '';
  if (tally.observations === 0) {
    return tally.invalidArguments > 0
      ? `no command was sent: all ${tally.invalidArguments} generated argument sets failed the input schema`
      : 'no command was run';
  }
  if (tally.successful === 0) return `every call failed${sample}`;
  return hint === 'idempotentHint'
    ? `no successful call could be repeated${sample}`
    : `no call succeeded${sample}`;
}

/**
 * Pure: the tightest hints the observations support. A hint moves to its tighter value only on evidence
 * (successful calls, none of which contradicts it), to its cautious value when observations contradict it,
 * and stays as declared when there is no evidence either way. openWorldHint is not observed yet.
 */
export function suggestedHints(effective: Hints, tally: ToolTally): Hints {
  const pick = (against: number, support: number, tight: boolean, current: boolean): boolean =>
    against > 0 ? !tight : support > 0 ? tight : current;
  return {
    readOnlyHint: pick(tally.changed, tally.successful, true, effective.readOnlyHint),
    destructiveHint: pick(tally.destroyed, tally.successful, false, effective.destructiveHint),
    idempotentHint: pick(tally.changedOnRepeat, tally.repeated, true, effective.idempotentHint),
    openWorldHint: effective.openWorldHint,
  };
}
