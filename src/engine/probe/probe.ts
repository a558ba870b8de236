import type { Change, HarvestedValue } from '../../../harness/index.js';
import { SandboxLost } from '../../../harness/index.js';
import type { EgressAttempt } from '../../../harness/process/index.js';
import type { ServerIdentity, ToolInfo } from '../../mcp/index.js';
import type { DuplicateTool } from '../../model/report.js';
import { SetupError } from '../../model/setupError.js';
import type { ObservedEnvironment } from '../../observe/index.js';
import { distinctTools } from './distinctTools.js';
import { probeObservers } from './probeObservers.js';
import type { RunSession } from '../session/session.js';
import type { SessionPool } from '../session/sessionPool.js';

export interface ProbeResult {
  readonly server: ServerIdentity;
  /** The tools, each name once (the first tool the server listed under it). */
  readonly tools: readonly ToolInfo[];
  /** Names the server listed more than once: only the first tool of each is in `tools`. */
  readonly duplicates: readonly DuplicateTool[];
  /** Changes over a watched pause (`watchedPause`), with no tool called: excluded from every verdict. */
  readonly ambient: readonly Change[];
  /** Values in the baseline snapshot, offered to generated arguments. */
  readonly harvested: readonly HarvestedValue[];
  readonly placeholders: Readonly<Record<string, string>>;
  /** What the server tried to reach while starting and idling, before any tool was called. */
  readonly startupEgress: readonly EgressAttempt[];
  /** The server's own reads of its state, calibrated: read around every call of the check. */
  readonly observers: ObservedEnvironment;
  /**
   * The probe's session, handed on (the caller releases it) when nothing but time passed in it: every read
   * made to calibrate observers was kept as one (none changed anything, none was left out) and the server is
   * alive. It can be the first tool's first session; any other probe session is released here.
   */
  readonly session?: RunSession;
}

/**
 * The first session of a check: learns the server's identity and tools, calibrates ambient change (two
 * snapshots around a pause while nothing is called), and harvests values from the baseline. `accept` sees the
 * tools first, and may refuse them (throw) before any time is spent on them.
 */
export async function probe(
  pool: SessionPool,
  calibrationMs: number,
  timeoutSeconds: number,
  maxObservers?: number,
  accept: (tools: readonly ToolInfo[]) => void = () => {},
): Promise<ProbeResult> {
  try {
    return await calibrate(pool, calibrationMs, timeoutSeconds, maxObservers, accept);
  } catch (error) {
    if (!(error instanceof SandboxLost)) throw error;
    throw new SetupError(
      `hintproof could not observe the server's sandbox before calling any tool: ${error.message}. ` +
        'A server that does this while idle cannot be checked; with --pg-url, give it a role of its own.',
      { cause: error },
    );
  }
}

async function calibrate(
  pool: SessionPool,
  calibrationMs: number,
  timeoutSeconds: number,
  maxObservers: number | undefined,
  accept: (tools: readonly ToolInfo[]) => void,
): Promise<ProbeResult> {
  let session = await pool.take();
  let handed = false;
  const { tools, duplicates } = distinctTools(session.tools);
  try {
    accept(tools);
    // The ambient pause and the observers' calibration (which may take a fresh session: see there).
    const probed = await probeObservers(pool, session, tools, {
      calibrationMs,
      timeoutSeconds,
      ...(maxObservers === undefined ? {} : { maxObservers }),
    });
    session = probed.session;
    const { observers, ambient, startupEgress } = probed;
    handed = observers.dropped.length === 0 && observers.problem === undefined && session.alive();
    return {
      observers,
      server: session.connection.server,
      tools,
      duplicates,
      ambient,
      harvested: session.sandbox.harvest(session.baseline),
      placeholders: session.placeholders,
      startupEgress,
      ...(handed ? { session } : {}),
    };
  } finally {
    if (!handed) pool.release(session);
  }
}
