import type { CheckSettings } from '../settings/checkSettings.js';
import type { Change, HarvestedValue } from '../../harness/index.js';
import { behaviourOf } from '../baseline/behaviour.js';
import { declaredHints, effectiveHints, isContradictableClaim } from '../hints/effectiveHints.js';
import { succeeded } from '../model/callOutcome.js';
import { HINT_NAMES } from '../model/hints.js';
import type { HintName, Hints } from '../model/hints.js';
import type { ToolInfo } from '../mcp/index.js';
import type { AmbientEgress, Evidence, FlakyEvidence, ToolReport } from '../model/report.js';
import { mergeAmbient } from './policy/ambientEgress.js';
import type { SessionPath } from './run/sessionPath.js';
import type { EventSink } from '../model/events.js';
import { keepByName } from './policy/keepByName.js';
import { likelyProducers } from './search/likelyProducers.js';
import { toolsNamedInFailure } from './search/namedInFailure.js';
import { argumentsNameNothing, namesExisting } from './search/namesExisting.js';
import type { RoundContext } from './search/planRound.js';
import { afterRound, firstBudget, planRound } from './search/planRound.js';
import { RoundGenerators } from './search/roundGenerators.js';
import type { RoundResult } from './search/searchRound.js';
import { producersIn } from './search/producersIn.js';
import { searchRound } from './search/searchRound.js';
import type { RunSession } from './session/session.js';
import type { SessionPool } from './session/sessionPool.js';
import { SessionRunner } from './run/sessionRunner.js';
import { enumProperties } from './policy/enumCoverage.js';
import { sqlProperties } from './policy/sqlCoverage.js';
import {
  metExisting,
  tallyAfterPreamble,
  tallyFor,
  tallyInvalidArguments,
  tallyObservation,
  tallyPooled,
  unexercised,
} from './policy/toolTally.js';
import { suggestedHints, suggestionBasis, verdictsFor } from './policy/verdicts.js';
import { withImpact } from '../hints/severity.js';
import { metState } from './policy/metState.js';
import { namedKinds } from './policy/stateKinds.js';
import { ClosedWorldWatch } from './confirm/confirmClosedWorld.js';
import { closedWorldEvidence } from './confirm/closedWorldEvidence.js';

export interface ToolCheckOptions {
  readonly pool: SessionPool;
  /** Every tool the server lists: preambles draw on them. */
  readonly tools: readonly ToolInfo[];
  readonly harvested: readonly HarvestedValue[];
  /**
   * Stateful runs: preambles when a tool's commands meet no existing state, and the values they saw offered
   * to the calls after them. `false` runs every command alone (the bench's schema-only baseline).
   */
  readonly stateful: boolean;
  /** Placeholder values of the probe session, to validate arguments before a session is spent on them. */
  readonly probePlaceholders: Readonly<Record<string, string>>;
  readonly runs: CheckSettings['runs'];
  /** Arguments fixed for every call of a tool: they replace the generated value of each property they name. */
  readonly fixedArgs?: (tool: string) => Readonly<Record<string, unknown>>;
  readonly seed: number;
  /** Replay exactly this path (with `seed`), once, instead of searching. */
  readonly path?: SessionPath;
  /** Calls a session makes before a fresh one (0: every run on a fresh sandbox). */
  readonly sessionCalls: number;
  /**
   * `--producers`: the favoured preamble candidates, fixed (replay commands set it); when absent, the tools this
   * tool's own runs saw add state (so each tool's check depends on nothing but its seed, whatever runs beside it).
   */
  readonly producers?: CheckSettings['producers'];
  readonly timeoutSeconds: CheckSettings['timeout'];
  readonly isExcluded: (change: Change) => boolean;
  /** Why egress is not observed (openWorldHint unchecked); absent when the server runs isolated and traced. */
  readonly egressUnobserved?: string;
  readonly replayLine: (tool: string, seed: number, path: string, producers?: readonly string[]) => string;
  /** A closed-world finding contradicts `openWorldHint: false` instead of being listed beside the verdicts. */
  readonly strictClosedWorld?: boolean;
  readonly emit: EventSink;
  /** Asked once for a session to begin the tool's first round with (the probe's, for the server's first tool). */
  readonly firstSession?: () => Promise<RunSession> | undefined;
  /**
   * The runner of the tool's chain (`checkAll`), whose session may go on from the tools before it and into the
   * next, closed by its owner; absent: the tool has its own (from `firstSession`), closed when its check ends.
   */
  readonly runner?: SessionRunner;
  /** Stops the check (`CheckOptions.signal`): no round starts once it fired. */
  readonly signal?: AbortSignal;
}

/**
 * Checks one tool, in rounds: each a fast-check search (`searchRound`, runs in sessions) with its own seed, and
 * every command of the tool checked against its contradictable claims. Which round comes next is `planRound`'s
 * decision: the first runs call the tool alone; when none of its commands met existing state, the rest of the
 * budget runs it after preambles of producers (tools seen to add state), whose arguments and answers feed its
 * arguments. A contradiction is confirmed, shrunk and recorded with its seed, path and preamble, and the next
 * round spends the remaining budget, with the next seed, on the claims still open.
 */
export async function checkTool(tool: ToolInfo, options: ToolCheckOptions): Promise<ToolReport> {
  const declared = declaredHints(tool.annotations);
  const effective = effectiveHints(declared);
  options.emit({ type: 'tool-start', tool: tool.name, budget: options.runs });
  const generators = new RoundGenerators(options);
  let tally = tallyFor(enumProperties(tool.inputSchema), sqlProperties(tool));
  // Commands that met existing state by naming it (or changing it). One that names nothing meets the sandbox
  // as a whole, which may not be the state it acts on (a working directory the server holds, unset until a
  // call sets it): that does not spare the tool its runs after preambles.
  let namedExisting = 0;
  const nameless = argumentsNameNothing(tool.inputSchema);
  const propertyNames = topLevelProperties(tool.inputSchema);
  // Producers start from what the tools say of themselves (names that create, hints that add, names of what the
  // tool refers to), so that a tool's check depends on nothing run beside it; its own runs add the tools they
  // see adding state or supplying the values its calls succeed with.
  const learned = new Set<string>(likelyProducers(options.tools, tool));
  const flaky: FlakyEvidence[] = [];
  let ambientEgress: AmbientEgress[] = [];
  const contradictions: Partial<Record<HintName, Evidence>> = {};
  const open = new Set(HINT_NAMES.filter((hint) => isContradictableClaim(hint, effective)));
  const closedWorld = effective.openWorldHint ? undefined : new ClosedWorldWatch(effective);
  const alone = generators.of(tool, false);
  const reason = generators.reason(tool);

  if (alone !== undefined) {
    const replaying = options.path !== undefined;
    const context = (): RoundContext => ({
      seed: options.seed,
      replaying,
      stateful: options.stateful,
      tools: options.tools,
      ...(options.producers === undefined ? {} : { pinned: options.producers }),
      learned,
      metExisting: namedExisting,
      generates: (name) => generators.producer(name) !== undefined,
    });
    // One runner for all the tool's rounds (and, given one, for its chain's tools): a session of a round that
    // ran the tool alone goes on into the next.
    const runner =
      options.runner ??
      new SessionRunner(options.pool, options.stateful ? options.sessionCalls : 0, options.firstSession);
    const index = options.tools.findIndex((candidate) => candidate.name === tool.name);
    let budget = firstBudget(options.runs, replaying, options.producers !== undefined);
    // The current round's commands, and how many of them failed.
    let failed = { commands: 0, failed: 0 };
    try {
      // A round before, as a replay path names it: this tool's, or one of a tool before it in its chain.
      const priorRound = (toolIndex: number | undefined, indices?: readonly number[]) =>
        generators.priorRound(tool, toolIndex, indices);
      for (
        let plan = planRound(budget, context());
        plan !== undefined && options.signal?.aborted !== true;
        plan = planRound(budget, context())
      ) {
        const { preamble, target } = generators.forRound(tool, plan.preamble);
        const { seed, producers } = plan;
        // A tool that may read only meets the seed as given once: a write it makes only there (a data file
        // made on the first read) is otherwise never seen, other tools having made it before.
        runner.round(index, seed, budget.round === 0 && declared?.readOnlyHint !== false);
        const found: RoundResult = await searchRound(
          {
            pool: options.pool,
            target,
            preamble,
            producers,
            effective,
            open,
            seed,
            numRuns: plan.numRuns,
            ...(options.path === undefined ? {} : { path: options.path }),
            sessionCalls: options.stateful ? options.sessionCalls : 0,
            runner,
            priorRound,
            probePlaceholders: options.probePlaceholders,
            timeoutSeconds: options.timeoutSeconds,
            isExcluded: options.isExcluded,
            ...(closedWorld === undefined ? {} : { closedWorld }),
            emit: options.emit,
            ...(options.signal === undefined ? {} : { signal: options.signal }),
            onInvalid: () => (tally = tallyInvalidArguments(tally)),
            onRun: (result) => {
              for (const producer of producersIn(result)) learned.add(producer);
              for (const named of toolsNamedInFailure(result, options.tools, tool.name)) learned.add(named);
              if (result.observation === undefined) return;
              failed = {
                commands: failed.commands + 1,
                failed: failed.failed + (succeeded(result.observation.call1.outcome) ? 0 : 1),
              };
              // Naming the bare sandbox root (`{fs}`, which every sandbox has) meets nothing a tool could destroy;
              // a tool whose arguments cannot name anything (none, or only fixed choices) acts on the whole
              // sandbox, and meets what it holds.
              const existing = withoutRoots(result.existing);
              const named = namesExisting(result.observation.args, existing);
              const whole =
                (Object.keys(result.observation.args).length === 0 || nameless) && existing.size > 0;
              if (metExisting(result.observation, named)) namedExisting++;
              const kinds = result.kinds ?? new Map<string, boolean>();
              const kindsNamed = namedKinds(tool.name, propertyNames, kinds.keys());
              const met = metState(
                result.observation,
                existing,
                new Map(kindsNamed.map((kind) => [kind, kinds.get(kind) === true])),
              );
              tally = tallyObservation(tally, result.observation, named || whole, met);
              if (named) tally = tallyPooled(tally);
              if (result.steps.length > 0) tally = tallyAfterPreamble(tally);
            },
          },
          (path) => options.replayLine(tool.name, seed, path, preamble.length > 0 ? producers : undefined),
        );
        flaky.push(...found.flaky);
        ambientEgress = mergeAmbient(ambientEgress, found.ambientEgress);
        for (const [hint, evidence] of Object.entries(found.contradictions) as Array<[HintName, Evidence]>) {
          contradictions[hint] = evidence;
          open.delete(hint);
          options.emit({ type: 'contradiction', tool: tool.name, hint, evidence });
        }
        // A session that went on from other tools' checks may hold state this tool's calls all fail on (a
        // history they rewrote): the round is planned again for a fresh session.
        const redone = failed.commands > 0 && failed.failed === failed.commands && runner.inherited();
        budget = afterRound(budget, plan, found.runs, replaying, redone);
        if (redone) runner.close();
        else runner.nextRound(preamble.length === 0 ? undefined : indicesOf(options.tools, producers));
        failed = { commands: 0, failed: 0 };
      }
    } finally {
      if (options.runner === undefined) runner.close();
    }
  }

  const finding = closedWorld?.finding;
  const strict = finding !== undefined && options.strictClosedWorld === true;
  if (strict && contradictions.openWorldHint === undefined) {
    contradictions.openWorldHint = closedWorldEvidence(finding);
    options.emit({
      type: 'contradiction',
      tool: tool.name,
      hint: 'openWorldHint',
      evidence: contradictions.openWorldHint,
    });
  }
  const report: ToolReport = {
    name: tool.name,
    declared,
    effective,
    calls: {
      total: tally.calls,
      errors: tally.errors,
      invalidArguments: tally.invalidArguments,
      pooledShare: tally.observations === 0 ? 0 : Math.round((tally.pooled / tally.observations) * 100) / 100,
      commands: tally.observations,
      metExisting: tally.metExisting,
      afterPreamble: tally.afterPreamble,
      ...(unexercised(tally).length === 0 ? {} : { unexercised: unexercised(tally) }),
    },
    // What was seen once and never reproduced is listed (flaky) and settles nothing: inconclusive.
    // Each contradiction with what it costs in the clients that act on the hint (severity.ts).
    verdicts: withImpact(
      { declared, effective },
      verdictsFor(effective, tally, contradictions, reason, options.egressUnobserved, flaky),
    ),
    // What was seen once and never reproduced moves no suggestion either way.
    suggested: keepByName(
      tool.name,
      unmoved(
        suggestedHints(effective, tally, options.egressUnobserved === undefined),
        effective,
        flaky,
        contradictions.openWorldHint === undefined && ambientEgress.length > 0,
      ),
      effective,
    ),
    suggestedBasis: suggestionBasis(tally, effective, options.egressUnobserved === undefined),
    ...(tally.sampleError === undefined ? {} : { sampleError: tally.sampleError }),
    ...(flaky.length === 0 ? {} : { flaky }),
    ...(ambientEgress.length === 0 ? {} : { ambientEgress }),
    ...(finding === undefined || strict ? {} : { closedWorld: finding }),
    behaviour: behaviourOf(tally),
  };
  options.emit({ type: 'tool-end', tool: report });
  return report;
}

/** Where tools stand in the server's list, ascending (a replay path names a round's producers so). */
function indicesOf(tools: readonly ToolInfo[], names: readonly string[]): number[] {
  return tools.flatMap((tool, index) => (names.includes(tool.name) ? [index] : []));
}

/** Pooled entities: what the sandbox held, not the bare placeholder of its root (every sandbox has one). */
function withoutRoots(existing: ReadonlySet<string>): Set<string> {
  return new Set([...existing].filter((value) => !/^\{[a-z][a-z0-9.]*\}$/i.test(value)));
}

/**
 * The suggestions with every hint that has unreproduced evidence left as declared, and openWorldHint too when
 * the only egress its calls met was background traffic (`background`): that is no evidence of the tool's own.
 */
function unmoved(
  suggested: Hints,
  effective: Hints,
  flaky: readonly FlakyEvidence[],
  background: boolean,
): Hints {
  const left = { ...suggested };
  for (const { hint } of flaky) left[hint] = effective[hint];
  if (background) left.openWorldHint = effective.openWorldHint;
  return left;
}

/** The names of a tool's top-level argument properties. */
function topLevelProperties(inputSchema: unknown): string[] {
  if (typeof inputSchema !== 'object' || inputSchema === null) return [];
  const properties = (inputSchema as { properties?: unknown }).properties;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}
