import fc from 'fast-check';
import type { Change } from '../../harness/index.js';
import { violationsOf } from '../checks/index.js';
import type { ArgumentGuard } from '../generate/index.js';
import { resolveLiveChoices } from '../generate/index.js';
import type { HintName, Hints } from '../model/hints.js';
import { describeFailure } from '../model/callOutcome.js';
import type { Evidence } from '../model/report.js';
import { ContradictionFound } from './contradictionFound.js';
import type { EventSink } from '../model/events.js';
import { substituteDeep } from './placeholders.js';
import type { GeneratedCall } from './preamblePlan.js';
import { preambleArbitrary, producedState } from './preamblePlan.js';
import type { RunResult } from './runSequence.js';
import { runSequence } from './runSequence.js';
import type { SessionPool } from './sessionPool.js';

/** At most this many shrink candidates are replayed per contradiction; the smallest failing one found is kept. */
export const MAX_SHRINK_RUNS = 40;

/** A tool's argument generator with its guard and the arguments a config file fixes for it. */
export interface CallGenerator {
  readonly tool: string;
  readonly arbitrary: fc.Arbitrary<Record<string, unknown>>;
  readonly guard: ArgumentGuard;
  readonly fixedArgs: Readonly<Record<string, unknown>>;
}

export interface RoundOptions {
  readonly pool: SessionPool;
  readonly target: CallGenerator;
  /** Preamble candidates, in order, with their weights; none: each command runs alone on a fresh sandbox. */
  readonly preamble: ReadonlyArray<CallGenerator & { readonly weight: number }>;
  /** The favoured candidates (`--producers` in replay commands), recorded with a counterexample. */
  readonly producers: readonly string[];
  readonly effective: Hints;
  /** The claims not contradicted yet: only these are looked for. */
  readonly open: ReadonlySet<HintName>;
  readonly seed: number;
  readonly numRuns: number;
  readonly path?: string;
  readonly probePlaceholders: Readonly<Record<string, string>>;
  readonly timeoutSeconds: number;
  readonly isExcluded: (change: Change) => boolean;
  readonly emit: EventSink;
  /** Called with every completed run, shrink candidates included (the tally and producer learning). */
  readonly onRun: (result: RunResult) => void;
  /** Called for every command whose generated arguments failed the schema guard (not sent). */
  readonly onInvalid: () => void;
}

export interface RoundResult {
  /** Runs spent, shrinking aside. */
  readonly runs: number;
  /** The evidence per contradicted hint (empty when the round found none). */
  readonly contradictions: Partial<Record<HintName, Evidence>>;
}

interface Generated {
  readonly preamble: readonly GeneratedCall[];
  readonly target: Record<string, unknown>;
}

/**
 * One fast-check search over runs for one tool: each run is an optional preamble (calls of producers, made once)
 * and the tool's command, checked against the state just before it. The first contradiction is shrunk (fewer
 * preamble calls, smaller values; each candidate replayed from a fresh sandbox, at most `MAX_SHRINK_RUNS`) and
 * returned as evidence with the seed and path that replay it.
 */
export async function searchRound(
  options: RoundOptions,
  replay: (path: string) => string,
): Promise<RoundResult> {
  const { target } = options;
  const generator = byTool(options.preamble);
  const arbitrary: fc.Arbitrary<Generated> =
    options.preamble.length === 0
      ? target.arbitrary.map((args) => ({ preamble: [], target: args }))
      : fc.record({ preamble: preambleArbitrary(options.preamble), target: target.arbitrary });
  let shrinkRuns = -1; // -1 until the first failure
  const property = fc.asyncProperty(arbitrary, async (generated) => {
    if (shrinkRuns >= MAX_SHRINK_RUNS) return true;
    if (shrinkRuns >= 0) shrinkRuns++;
    const args = { ...generated.target, ...target.fixedArgs };
    const check = target.guard.validate(
      substituteDeep(resolveLiveChoices(args, []), options.probePlaceholders),
    );
    if (!check.valid) {
      options.onInvalid();
      options.emit({ type: 'invalid-arguments', tool: target.tool, args, errors: check.errors });
      return true;
    }
    const preamble = generated.preamble.map((call) => {
      const of = generator.get(call.tool);
      return { tool: call.tool, args: { ...call.args, ...of?.fixedArgs }, guard: of?.guard ?? target.guard };
    });
    const result = await runSequence(
      options.pool,
      preamble,
      { tool: target.tool, args, guard: target.guard },
      {
        timeoutSeconds: options.timeoutSeconds,
        isExcluded: options.isExcluded,
      },
    );
    options.onRun(result);
    const observation = result.observation;
    if (observation === undefined) return true;
    options.emit({
      type: 'observation',
      observation,
      ...(result.steps.length === 0 ? {} : { preamble: result.steps }),
    });
    const violations = violationsOf(options.effective, observation).filter((v) => options.open.has(v.hint));
    if (violations.length === 0) return true;
    if (shrinkRuns < 0) shrinkRuns = 0;
    throw new ContradictionFound(observation, violations, result.steps);
  });
  const details = await fc.check(property, {
    seed: options.seed,
    numRuns: options.numRuns,
    ...(options.path === undefined ? {} : { path: options.path, endOnFailure: true }),
  });
  const runs = options.path === undefined ? details.numRuns : options.numRuns;
  if (!details.failed) return { runs, contradictions: {} };
  if (!(details.errorInstance instanceof ContradictionFound)) throw details.errorInstance;
  const found = details.errorInstance;
  const path = details.counterexamplePath ?? '';
  const contradictions: Partial<Record<HintName, Evidence>> = {};
  for (const violation of found.violations) {
    contradictions[violation.hint] = {
      args: found.observation.args,
      call: violation.call,
      changes: violation.changes,
      seed: options.seed,
      path,
      replay: replay(path),
      title: violation.title,
      outcomes: [found.observation.call1, found.observation.call2]
        .filter((call) => call !== undefined)
        .map((call) =>
          call.outcome.status === 'returned' && !call.outcome.isError
            ? 'returned'
            : describeFailure(call.outcome),
        ),
      shrinks: details.numShrinks,
      ...(violation.egress === undefined ? {} : { egress: violation.egress }),
      ...(options.preamble.length === 0 ? {} : { preamble: found.steps, producers: options.producers }),
    };
  }
  return { runs, contradictions };
}

/** Whether a run showed its tools adding state: the preamble's calls and the command's first call. */
export function producersIn(result: RunResult): string[] {
  const producers = result.steps.filter((step) => producedState(step.changes)).map((step) => step.tool);
  const observation = result.observation;
  if (observation !== undefined && producedState(observation.call1.changes)) producers.push(observation.tool);
  return producers;
}

function byTool(generators: readonly CallGenerator[]): Map<string, CallGenerator> {
  return new Map(generators.map((generator) => [generator.tool, generator]));
}
