import fc from 'fast-check';
import type { Change, HarvestedValue } from '../../harness/index.js';
import { violationsOf } from '../checks/index.js';
import { argumentsFor } from '../generate/index.js';
import { declaredHints, effectiveHints, isContradictableClaim } from '../hints/effectiveHints.js';
import { HINT_NAMES } from '../hints/hints.js';
import type { HintName } from '../hints/hints.js';
import type { ToolInfo } from '../mcp/index.js';
import { describeFailure } from '../mcp/callOutcome.js';
import type { Evidence, ToolReport } from '../report/model.js';
import { behaviourOf } from '../baseline/behaviour.js';
import { ContradictionFound } from './contradictionFound.js';
import type { EventSink } from './events.js';
import { substituteDeep } from './placeholders.js';
import { runOneCommand } from './runOneCommand.js';
import type { SessionPool } from './sessionPool.js';
import { EMPTY_TALLY, tallyInvalidArguments, tallyObservation, tallyPooled } from './toolTally.js';
import { namesExisting } from './namesExisting.js';
import { suggestedHints, suggestionBasis, verdictsFor } from './verdicts.js';

/** At most this many shrink candidates are replayed per contradiction; the smallest failing one found is kept. */
export const MAX_SHRINK_RUNS = 40;

export interface ToolCheckOptions {
  readonly pool: SessionPool;
  readonly harvested: readonly HarvestedValue[];
  /** Placeholder values of the probe session, to validate arguments before a session is spent on them. */
  readonly probePlaceholders: Readonly<Record<string, string>>;
  readonly runs: number;
  /** Arguments fixed for every call: they replace the generated value of each property they name. */
  readonly fixedArgs?: Readonly<Record<string, unknown>>;
  readonly seed: number;
  /** Replay exactly this fast-check path (with `seed`), once, instead of searching. */
  readonly path?: string;
  readonly timeoutSeconds: number;
  readonly isExcluded: (change: Change) => boolean;
  /** Why egress is not observed (openWorldHint unchecked); absent when the server runs isolated and traced. */
  readonly egressUnobserved?: string;
  readonly replayCommand: (tool: string, seed: number, path: string) => string;
  readonly emit: EventSink;
}

/**
 * Checks one tool: fast-check runs `runs` commands (each in a fresh sandbox and server), and every
 * observation is checked against the tool's contradictable claims. A contradiction is shrunk (each candidate
 * replayed from a fresh sandbox), recorded with its seed and path, and the search goes on with the remaining
 * budget and a derived seed for the claims still open.
 */
export async function checkTool(tool: ToolInfo, options: ToolCheckOptions): Promise<ToolReport> {
  const declared = declaredHints(tool.annotations);
  const effective = effectiveHints(declared);
  options.emit({ type: 'tool-start', tool: tool.name, budget: options.runs });
  const generation = argumentsFor(tool, options.harvested, {
    resolve: (args) => substituteDeep(args, options.probePlaceholders),
  });
  let tally = EMPTY_TALLY;
  const contradictions: Partial<Record<HintName, Evidence>> = {};
  const open = new Set(HINT_NAMES.filter((hint) => isContradictableClaim(hint, effective)));
  const existing = new Set(options.harvested.map((value) => value.value));
  // Pooled entities: what the sandbox held, not the bare placeholder of its root (every sandbox has one).
  const pooled = new Set([...existing].filter((value) => !/^\{[a-z][a-z0-9.]*\}$/i.test(value)));

  if (generation.ok) {
    let remaining = options.path === undefined ? options.runs : 1;
    for (let round = 0; remaining > 0; round++) {
      const seed = options.seed + round;
      let shrinkRuns = -1; // -1 until the first failure of this round
      const property = fc.asyncProperty(generation.arbitrary, async (generated) => {
        const args = { ...generated, ...options.fixedArgs };
        if (shrinkRuns >= MAX_SHRINK_RUNS) return true;
        if (shrinkRuns >= 0) shrinkRuns++;
        const check = generation.guard.validate(substituteDeep(args, options.probePlaceholders));
        if (!check.valid) {
          tally = tallyInvalidArguments(tally);
          options.emit({ type: 'invalid-arguments', tool: tool.name, args, errors: check.errors });
          return true;
        }
        const observation = await runOneCommand(options.pool, tool.name, args, {
          timeoutSeconds: options.timeoutSeconds,
          isExcluded: options.isExcluded,
        });
        tally = tallyObservation(tally, observation, namesExisting(args, existing));
        if (namesExisting(args, pooled)) tally = tallyPooled(tally);
        options.emit({ type: 'observation', observation });
        const violations = violationsOf(effective, observation).filter((v) => open.has(v.hint));
        if (violations.length === 0) return true;
        if (shrinkRuns < 0) shrinkRuns = 0;
        throw new ContradictionFound(observation, violations);
      });
      const details = await fc.check(property, {
        seed,
        numRuns: remaining,
        ...(options.path === undefined ? {} : { path: options.path, endOnFailure: true }),
      });
      if (!details.failed || !(details.errorInstance instanceof ContradictionFound)) {
        if (details.failed) throw details.errorInstance;
        break;
      }
      const found = details.errorInstance;
      const path = details.counterexamplePath ?? '';
      for (const violation of found.violations) {
        const evidence: Evidence = {
          args: found.observation.args,
          call: violation.call,
          changes: violation.changes,
          seed,
          path,
          replay: options.replayCommand(tool.name, seed, path),
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
        };
        contradictions[violation.hint] = evidence;
        open.delete(violation.hint);
        options.emit({ type: 'contradiction', tool: tool.name, hint: violation.hint, evidence });
      }
      remaining = options.path === undefined ? remaining - details.numRuns : 0;
    }
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
    },
    verdicts: verdictsFor(
      effective,
      tally,
      contradictions,
      generation.ok ? undefined : generation.reason,
      options.egressUnobserved,
    ),
    suggested: suggestedHints(effective, tally, options.egressUnobserved === undefined),
    suggestedBasis: suggestionBasis(tally, options.egressUnobserved === undefined),
    ...(tally.sampleError === undefined ? {} : { sampleError: tally.sampleError }),
    behaviour: behaviourOf(tally),
  };
  options.emit({ type: 'tool-end', tool: report });
  return report;
}
