import fc from 'fast-check';
import type { Change } from '../../harness/index.js';
import { effectiveHints, declaredHints } from '../hints/effectiveHints.js';
import type { ToolInfo } from '../mcp/index.js';

/** At most this many calls run before the checked command of a run. */
export const MAX_PREAMBLE = 3;

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

/**
 * The tools a preamble draws on, in the server's order: the ones `--producers` names when given; else the
 * tools seen to add state so far in this check (any tool, the one under check included); else, before anything
 * has been seen to add, every tool that does not claim to be read-only. Pure and deterministic, so a check is
 * reproducible from its seed; replay commands pin the list with `--producers`.
 */
export function preambleCandidates(
  tools: readonly ToolInfo[],
  learned: ReadonlySet<string>,
  fixed: readonly string[] | undefined,
): string[] {
  if (fixed !== undefined) return tools.filter((tool) => fixed.includes(tool.name)).map((tool) => tool.name);
  const producers = tools.filter((tool) => learned.has(tool.name));
  if (producers.length > 0) return producers.map((tool) => tool.name);
  return tools
    .filter((tool) => !effectiveHints(declaredHints(tool.annotations)).readOnlyHint)
    .map((tool) => tool.name);
}

/** A generated preamble call: which tool, with which (possibly live) arguments. */
export interface GeneratedCall {
  readonly tool: string;
  readonly args: Record<string, unknown>;
}

/**
 * 1 to `MAX_PREAMBLE` calls among the candidates (shrinking towards fewer calls and towards the first
 * candidate), each with arguments from its own generator.
 */
export function preambleArbitrary(
  candidates: ReadonlyArray<{
    readonly tool: string;
    readonly arbitrary: fc.Arbitrary<Record<string, unknown>>;
  }>,
): fc.Arbitrary<GeneratedCall[]> {
  const call = fc.oneof(
    ...candidates.map(({ tool, arbitrary }) => arbitrary.map((args): GeneratedCall => ({ tool, args }))),
  );
  return fc.array(call, { minLength: 1, maxLength: MAX_PREAMBLE });
}
