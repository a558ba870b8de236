import { SandboxLost } from '../../../harness/index.js';
import type { ArgumentGuard } from '../../generate/index.js';
import { resolveLiveChoices } from '../../generate/index.js';
import type { CommandOptions } from './executeCommand.js';
import { LiveSession } from './liveSession.js';
import type {
  ControlWindow,
  ControlWindows,
  MadeCall,
  PlannedCall,
  PreambleStep,
  Resolver,
  RunResult,
} from './runTypes.js';
import type { RunSession } from '../session/session.js';
import type { SessionPool } from '../session/sessionPool.js';
import { SetupError } from '../../model/setupError.js';

export type { ControlWindows, MadeCall, PlannedCall, RunResult } from './runTypes.js';

/** Calls replayed from a session's history carry their arguments as made: nothing is left to validate. */
const AS_MADE: ArgumentGuard = { validate: () => ({ valid: true }) };

/** A call made in a session, to make again exactly (its live choices were resolved when it was made). */
export function asMade(call: MadeCall): PlannedCall {
  return { tool: call.tool, args: call.args, guard: AS_MADE };
}

/** A session's calls as a preamble to replay on a fresh sandbox, in order. */
export function replayed(history: readonly MadeCall[]): PlannedCall[] {
  return history.map(asMade);
}

/**
 * One run alone on a fresh session from the pool: the preamble calls, then the checked command. This is how
 * contradictions are confirmed and shrunk (the session history that led to one comes in as preamble).
 * A server that fails to start for this run yields an observation whose call crashed (inconclusive
 * evidence), never a pass.
 */
export async function runSequence(
  pool: SessionPool,
  preamble: readonly PlannedCall[],
  target: PlannedCall,
  options: CommandOptions,
  resolvers?: Resolver[],
  windows?: ControlWindows,
): Promise<RunResult> {
  const live = await takeLive(pool, target);
  if (!(live instanceof LiveSession)) return live;
  try {
    return await runOn(live, preamble, target, options, resolvers, windows);
  } finally {
    pool.release(live.session);
  }
}

/**
 * A control run: a fresh session, the preamble calls, then `ms` milliseconds with no call. Returns the
 * attempts to reach outside the sandbox the server made in that window and the server's age when it began
 * (`undefined` when the server could not start, or its sandbox was lost).
 */
export async function controlRun(
  pool: SessionPool,
  preamble: readonly PlannedCall[],
  ms: number,
  options: CommandOptions,
  untilAgeMs?: number,
  /** Use no session that has been ready this long (a prepared one that waited): start one instead. */
  youngerThanMs?: number,
): Promise<ControlWindow | undefined> {
  const live = await takeLive(pool, { tool: '', args: {}, guard: AS_MADE }, undefined, youngerThanMs);
  if (!(live instanceof LiveSession)) return undefined;
  try {
    return await live.control(preamble, ms, options, untilAgeMs);
  } catch (error) {
    if (error instanceof SandboxLost) return undefined;
    throw error;
  } finally {
    pool.release(live.session);
  }
}

/**
 * A fresh session (`handed`, else one taken from the pool), or the run that stands for a server that could not
 * start (or a sandbox lost).
 */
export async function takeLive(
  pool: SessionPool,
  target: PlannedCall,
  handed?: Promise<RunSession>,
  youngerThanMs?: number,
): Promise<LiveSession | RunResult> {
  try {
    return new LiveSession(await (handed ?? pool.take(youngerThanMs)));
  } catch (error) {
    if (error instanceof SandboxLost) return lostRun(target, [], error);
    if (!(error instanceof SetupError)) throw error;
    const message = `the server failed to start for this run: ${error.message.split('\n', 1)[0] ?? ''}`;
    const args = resolveLiveChoices(target.args, []);
    const call1 = { outcome: { status: 'crashed' as const, message }, changes: [] };
    return { steps: [], observation: { tool: target.tool, args, call1, excluded: [] }, existing: new Set() };
  }
}

/** One run on a session in use; a sandbox lost on the way is an inconclusive run, never an internal error. */
export async function runOn(
  live: LiveSession,
  preamble: readonly PlannedCall[],
  target: PlannedCall,
  options: CommandOptions,
  resolvers?: Resolver[],
  windows?: ControlWindows,
): Promise<RunResult> {
  try {
    return await live.run(preamble, target, options, resolvers, windows);
  } catch (error) {
    if (!(error instanceof SandboxLost)) throw error;
    // A sandbox hintproof lost sight of is not used again: the next run takes a fresh one.
    await live.session.kill();
    return lostRun(target, [], error);
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
