import type { ToolInfo } from '../mcp/index.js';
import type { PreambleCandidate } from './preamblePlan.js';
import { aloneBudget, preambleCandidates } from './preamblePlan.js';

/** What is left of a tool's budget between rounds. */
export interface Budget {
  /** The round about to be planned (0 first): each round's seed is the check's seed plus this. */
  readonly round: number;
  /** Runs left to spend. */
  readonly remaining: number;
  /** Runs left to spend on the tool alone (no preamble) before preambles may be drawn. */
  readonly aloneLeft: number;
}

/** What the next round's plan depends on besides the budget. */
export interface RoundContext {
  /** The check's seed. */
  readonly seed: number;
  /** Replaying one path: a single run, whatever the budget said. */
  readonly replaying: boolean;
  /** `false`: every run alone (the bench's schema-only baseline). */
  readonly stateful: boolean;
  /** Every tool the server lists, in its order. */
  readonly tools: readonly ToolInfo[];
  /** `--producers`, when given: the favoured candidates, fixed. */
  readonly pinned?: readonly string[];
  /** The tools this tool's own runs saw adding state so far (favoured when nothing is pinned). */
  readonly learned: ReadonlySet<string>;
  /** How many of the tool's commands so far met existing state. */
  readonly metExisting: number;
  /** Whether a tool's arguments can be generated (for a preamble call): candidates that cannot are dropped. */
  readonly generates: (tool: string) => boolean;
}

/** One round: a fast-check search with its own seed, run count and preamble candidates. */
export interface RoundPlan {
  readonly seed: number;
  readonly numRuns: number;
  /** The preamble candidates with their weights; empty: the tool runs alone. */
  readonly preamble: readonly PreambleCandidate[];
  /** The favoured candidates, in the server's order (recorded with a counterexample, `--producers`). */
  readonly producers: readonly string[];
}

/**
 * The budget a check starts with. A search spends `runs`, the first `aloneBudget(runs)` of them alone; a replay
 * spends one run, alone unless `--producers` pins the candidates its counterexample was found with.
 */
export function firstBudget(runs: number, replaying: boolean, pinned: boolean): Budget {
  if (replaying) return { round: 0, remaining: 1, aloneLeft: pinned ? 0 : 1 };
  return { round: 0, remaining: runs, aloneLeft: aloneBudget(runs) };
}

/**
 * The next round, or undefined when the budget is spent. Runs alone while the alone budget lasts; after that,
 * preambles drawn from the candidates, unless the tool's commands already met existing state (a search only:
 * a replay with pinned producers always draws them) or the check is not stateful. A round alone within the alone
 * budget spends at most what is left of it; any other round spends all that remains.
 */
export function planRound(budget: Budget, context: RoundContext): RoundPlan | undefined {
  if (budget.remaining <= 0) return undefined;
  const favoured = new Set(context.pinned ?? context.learned);
  const producers = context.tools.map((tool) => tool.name).filter((name) => favoured.has(name));
  const alone = !context.stateful || budget.aloneLeft > 0 || (context.metExisting > 0 && !context.replaying);
  const preamble = alone
    ? []
    : preambleCandidates(context.tools, favoured).filter((candidate) => context.generates(candidate.tool));
  const numRuns =
    preamble.length === 0 && budget.aloneLeft > 0
      ? Math.min(budget.remaining, budget.aloneLeft)
      : budget.remaining;
  return { seed: context.seed + budget.round, numRuns, preamble, producers };
}

/** The budget after a round that spent `runs` runs (a replay spends everything in its one round). */
export function afterRound(budget: Budget, plan: RoundPlan, runs: number, replaying: boolean): Budget {
  return {
    round: budget.round + 1,
    remaining: replaying ? 0 : budget.remaining - runs,
    aloneLeft: plan.preamble.length === 0 ? Math.max(0, budget.aloneLeft - runs) : budget.aloneLeft,
  };
}
