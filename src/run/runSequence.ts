import type { HarvestedValue } from '../../harness/index.js';
import { SandboxLost } from '../../harness/index.js';
import type { ArgumentGuard } from '../generate/index.js';
import { extendRunPool, recordsIn, resolveLiveChoices, RUN_POOL_LIMIT, valuesIn } from '../generate/index.js';
import { completed, describeFailure, succeeded } from '../model/callOutcome.js';
import type { CallOutcome } from '../model/callOutcome.js';
import type { PreambleCall } from '../model/report.js';
import type { CommandOptions } from './executeCommand.js';
import { executeCommand } from './executeCommand.js';
import type { Observation } from '../model/observation.js';
import { substituteDeep, withPlaceholders } from './placeholders.js';
import { parsedOutcome, valuesInOutcome } from './valuesInOutcome.js';
import type { RunSession } from './session.js';
import type { SessionPool } from './sessionPool.js';
import { SetupError } from '../model/setupError.js';

/** A call to make: a tool, its generated arguments (which may hold live choices) and its schema guard. */
export interface PlannedCall {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly guard: ArgumentGuard;
}

/** A preamble call as it was made: called once, to build state; checked only in its own tool's runs. */
export type PreambleStep = PreambleCall;

/** What one run came to: the preamble as made, then the checked command (absent when it could not be made). */
export interface RunResult {
  readonly steps: readonly PreambleStep[];
  readonly observation?: Observation;
  /**
   * Values naming entities that existed just before the checked command (harvested from its pre-state, the
   * bare placeholder of a sandbox root such as `{fs}` included).
   */
  readonly existing: ReadonlySet<string>;
  /** Why the checked command was not made (the server died during the preamble). */
  readonly aborted?: string;
}

/**
 * One run of the run model: a fresh session from the pool, the preamble calls (each once, live choices resolved
 * against the values the run has seen so far), then the checked command called twice against the state the
 * preamble left. A server that fails to start for this run yields an observation whose call crashed
 * (inconclusive evidence), never a pass.
 */
export async function runSequence(
  pool: SessionPool,
  preamble: readonly PlannedCall[],
  target: PlannedCall,
  options: CommandOptions,
): Promise<RunResult> {
  let session: RunSession;
  try {
    session = await pool.take();
  } catch (error) {
    if (error instanceof SandboxLost) return lostRun(target, [], error);
    if (!(error instanceof SetupError)) throw error;
    const message = `the server failed to start for this run: ${error.message.split('\n', 1)[0] ?? ''}`;
    const args = resolveLiveChoices(target.args, []);
    const call1 = { outcome: { status: 'crashed' as const, message }, changes: [] };
    return { steps: [], observation: { tool: target.tool, args, call1, excluded: [] }, existing: new Set() };
  }
  const steps: PreambleStep[] = [];
  try {
    let runPool: HarvestedValue[] = [];
    const records: unknown[] = [];
    let before = session.baseline;
    for (const planned of preamble) {
      const args = resolveArguments(planned, runPool, records, session);
      await session.egress();
      const outcome: CallOutcome = await session.connection.callTool(
        planned.tool,
        substituteDeep({ ...args }, session.placeholders),
        options.timeoutSeconds,
      );
      if (!completed(outcome)) await session.kill();
      const after = await session.sandbox.snapshot();
      const changes = session.sandbox
        .diff(before, after)
        .filter((change) => !options.isExcluded(change))
        .map((change) => ({ ...change, detail: withPlaceholders(change.detail, session.placeholders) }));
      before = after;
      steps.push({
        tool: planned.tool,
        args,
        outcome: succeeded(outcome) ? 'returned' : describeFailure(outcome),
        changes,
      });
      runPool = extendRunPool(runPool, [
        ...valuesIn(args),
        ...valuesInOutcome(outcome).map((value) => unsubstitute(value, session.placeholders)),
      ]);
      for (const record of [...recordsIn(args), ...recordsIn(parsedOutcome(outcome))]) {
        if (records.length < RUN_POOL_LIMIT) records.push(record);
      }
      if (!session.alive()) {
        const existing = existingIn(session, before);
        return { steps, existing, aborted: `the server died during preamble step ${steps.length}` };
      }
    }
    const args = resolveArguments(target, runPool, records, session);
    const existing = existingIn(session, before);
    const { observation } = await executeCommand(session, before, target.tool, args, options);
    return { steps, observation, existing };
  } catch (error) {
    if (error instanceof SandboxLost) return lostRun(target, steps, error);
    throw error;
  } finally {
    pool.release(session);
  }
}

/**
 * A run whose sandbox could not be observed to its end (the server ended hintproof's database connection,
 * dropped its template…): its command counts as a call that did not complete, with the reason, so the
 * run is inconclusive evidence, never a pass and never an internal error.
 */
function lostRun(target: PlannedCall, steps: readonly PreambleStep[], error: SandboxLost): RunResult {
  const args = resolveLiveChoices(target.args, []);
  const message = `hintproof lost sight of the sandbox: ${error.message}`;
  const call1 = { outcome: { status: 'crashed' as const, message }, changes: [] };
  return { steps, observation: { tool: target.tool, args, call1, excluded: [] }, existing: new Set() };
}

/**
 * The arguments as they will be sent (placeholders kept): live choices picked from the run's values when the
 * result still passes the tool's schema, else their fallbacks (which the generator already validated).
 */
function resolveArguments(
  planned: PlannedCall,
  runPool: readonly HarvestedValue[],
  records: readonly unknown[],
  session: RunSession,
): Record<string, unknown> {
  const live = resolveLiveChoices(planned.args, runPool, records);
  if (planned.guard.validate(substituteDeep(live, session.placeholders)).valid) return { ...live };
  return { ...resolveLiveChoices(planned.args, []) };
}

/** The values naming entities in the snapshot. */
function existingIn(session: RunSession, snapshot: RunSession['baseline']): Set<string> {
  return new Set(session.sandbox.harvest(snapshot).map((entry) => entry.value));
}

/** A value from a response with the run's real locations turned back into placeholders (`{fs}/a.md`). */
function unsubstitute(entry: HarvestedValue, placeholders: Readonly<Record<string, string>>): HarvestedValue {
  return { ...entry, value: withPlaceholders(entry.value, placeholders) };
}
