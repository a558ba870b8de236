import fc from 'fast-check';
import type { Change } from '../../../harness/index.js';
import { effectiveHints, declaredHints } from '../../hints/effectiveHints.js';
import type { ToolInfo } from '../../mcp/index.js';

/** At most this many calls run before the checked command of a run. */
export const MAX_PREAMBLE = 3;

/** A preamble slot is left empty once in this many draws. */
const SKIP_ONE_IN = 3;

/**
 * Share of a tool's budget spent on commands alone (fresh sandbox, no preamble) before deciding whether it
 * needs state built for it: when none of those commands met existing state, the rest of the budget runs
 * after preambles of producers.
 */
export function aloneBudget(runs: number): number {
  return Math.min(runs, Math.max(1, Math.ceil(runs / 5)));
}

/** Changes that show a call built state that later calls can meet. */
export function producedState(changes: readonly Change[]): boolean {
  return changes.some((change) => change.kind === 'add' || change.kind === 'append');
}

/** How much more often a producer is drawn for a preamble call than any other tool. */
export const PRODUCER_WEIGHT = 4;

/** A tool a preamble may call, and how often relative to the others. */
export interface PreambleCandidate {
  readonly tool: string;
  readonly weight: number;
}

/**
 * The tools a preamble draws on, in the server's order: the producers (tools seen to add state during the
 * check, or the ones `--producers` names) `PRODUCER_WEIGHT` times as often as every other tool that does not
 * claim to be read-only (seeing a tool add once does not prove the others cannot). Pure and deterministic from
 * its inputs, so a check is reproducible from its seed; replay commands pin `producers` with `--producers`.
 */
export function preambleCandidates(
  tools: readonly ToolInfo[],
  producers: ReadonlySet<string>,
): PreambleCandidate[] {
  return tools.flatMap((tool) => {
    if (producers.has(tool.name)) return [{ tool: tool.name, weight: PRODUCER_WEIGHT }];
    const readOnly = effectiveHints(declaredHints(tool.annotations)).readOnlyHint;
    return readOnly ? [] : [{ tool: tool.name, weight: 1 }];
  });
}

/** A generated preamble call: which tool, with which (possibly live) arguments. */
export interface GeneratedCall {
  readonly tool: string;
  readonly args: Record<string, unknown>;
}

/**
 * Up to `MAX_PREAMBLE` calls among the candidates, drawn in proportion to their weights, each with arguments
 * from its own generator. Each slot is an option that shrinks to no call, so shrinking can drop any call of
 * the sequence (not only a prefix) and reaches the fewest calls the counterexample needs, none included.
 */
export function preambleArbitrary(
  candidates: ReadonlyArray<{
    readonly tool: string;
    readonly weight: number;
    readonly arbitrary: fc.Arbitrary<Record<string, unknown>>;
  }>,
): fc.Arbitrary<GeneratedCall[]> {
  const call = fc.oneof(
    { withCrossShrink: true },
    ...candidates.map(({ tool, weight, arbitrary }) => ({
      arbitrary: arbitrary.map((args): GeneratedCall => ({ tool, args })),
      weight,
    })),
  );
  // One slot in SKIP_ONE_IN is empty: two or three calls usually, none rarely (1 in 27).
  const slot = fc.option(call, { nil: undefined, freq: SKIP_ONE_IN });
  return fc
    .tuple(...Array.from({ length: MAX_PREAMBLE }, () => slot))
    .map((slots) => slots.filter((value): value is GeneratedCall => value !== undefined));
}
