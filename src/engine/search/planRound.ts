import type { ToolInfo } from '../../mcp/index.js';
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
  /**
   * Runs left of the first preambles (drawn from the producers learned so far), after which the candidates are
   * planned again with the producers those runs showed (tools that added state, tools whose values fed a
   * successful call): a round's producers are fixed, so what a round learns only serves the next one.
   */
  readonly exploreLeft: number;
  /**
   * Whether a round has run with preambles: from then on commands that met existing state met what preambles
   * built, which is no reason to go back to running alone.
   */
  readonly preambled: boolean;
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
 * The budget a check starts with. A search spends `runs`, the first `aloneBudget(runs)` of them alone, and as
 * many of the rest in a first round of preambles (unless `--producers` pins them: nothing to learn); a replay
 * spends one run, alone unless `--producers` pins the candidates its counterexample was found with.
 */
export function firstBudget(runs: number, replaying: boolean, pinned: boolean): Budget {
  if (replaying)
    return { round: 0, remaining: 1, aloneLeft: pinned ? 0 : 1, exploreLeft: 0, preambled: false };
  const alone = aloneBudget(runs);
  return { round: 0, remaining: runs, aloneLeft: alone, exploreLeft: pinned ? 0 : alone, preambled: false };
}

/**
 * The next round, or undefined when the budget is spent. Runs alone while the alone budget lasts; after that,
 * preambles drawn from the candidates, unless the tool's commands met existing state while alone (a search
 * only: a replay with pinned producers always draws them) or the check is not stateful. A round alone within the alone
 * budget spends at most what is left of it, and so does the first round of preambles with the explore budget;
 * any other round spends all that remains.
 */
export function planRound(budget: Budget, context: RoundContext): RoundPlan | undefined {
  if (budget.remaining <= 0) return undefined;
  const favoured = new Set(context.pinned ?? context.learned);
  const producers = context.tools.map((tool) => tool.name).filter((name) => favoured.has(name));
  const alone =
    !context.stateful ||
    budget.aloneLeft > 0 ||
    (context.metExisting > 0 && !context.replaying && !budget.preambled);
  const preamble = alone
    ? []
    : preambleCandidates(context.tools, favoured).filter((candidate) => context.generates(candidate.tool));
  const limit = preamble.length === 0 ? budget.aloneLeft : budget.exploreLeft;
  const numRuns = limit > 0 ? Math.min(budget.remaining, limit) : budget.remaining;
  return { seed: context.seed + budget.round, numRuns, preamble, producers };
}

/**
 * The budget after a round that spent `runs` runs (a replay spends everything in its one round). A round
 * `redone` met state other tools' checks left and every command of it failed there (`checkTool`): its runs
 * are spent, and the next round is planned as this one was, on a fresh session.
 */
export function afterRound(
  budget: Budget,
  plan: RoundPlan,
  runs: number,
  replaying: boolean,
  redone = false,
): Budget {
  const spent = redone ? 0 : runs;
  return {
    round: budget.round + 1,
    remaining: replaying ? 0 : budget.remaining - runs,
    aloneLeft: plan.preamble.length === 0 ? Math.max(0, budget.aloneLeft - spent) : budget.aloneLeft,
    exploreLeft: plan.preamble.length === 0 ? budget.exploreLeft : Math.max(0, budget.exploreLeft - spent),
    preambled: budget.preambled || (plan.preamble.length > 0 && !redone),
  };
}
