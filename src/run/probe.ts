import type { Change, HarvestedValue } from '../../harness/index.js';
import { SandboxLost } from '../../harness/index.js';
import type { EgressAttempt } from '../../harness/process/index.js';
import type { ServerIdentity, ToolInfo } from '../mcp/index.js';
import { SetupError } from '../model/setupError.js';
import type { Calibration } from '../observe/index.js';
import { calibrateObservers, discoverObservers } from '../observe/index.js';
import type { SessionPool } from './sessionPool.js';

export interface ProbeResult {
  readonly server: ServerIdentity;
  readonly tools: readonly ToolInfo[];
  /** Changes between two snapshots around a pause, with no tool called: excluded from every verdict. */
  readonly ambient: readonly Change[];
  /** Values in the baseline snapshot, offered to generated arguments. */
  readonly harvested: readonly HarvestedValue[];
  readonly placeholders: Readonly<Record<string, string>>;
  /** What the server tried to reach while starting and idling, before any tool was called. */
  readonly startupEgress: readonly EgressAttempt[];
  /** The server's own reads of its state, calibrated: read around every call of the check. */
  readonly observers: Calibration & { readonly problem?: string };
}

/**
 * The first session of a check: learns the server's identity and tools, calibrates ambient change (two
 * snapshots around a pause while nothing is called), and harvests values from the baseline.
 */
export async function probe(
  pool: SessionPool,
  calibrationMs: number,
  timeoutSeconds: number,
): Promise<ProbeResult> {
  try {
    return await calibrate(pool, calibrationMs, timeoutSeconds);
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
): Promise<ProbeResult> {
  const session = await pool.take();
  try {
    await new Promise((resolve) => setTimeout(resolve, calibrationMs));
    const later = await session.sandbox.snapshot();
    const startupEgress = await session.egress();
    // Observers are calibrated after the ambient snapshots: their reads must not count as ambient change.
    const found = await discoverObservers(session.connection, session.tools);
    const calibration = await calibrateObservers(
      session.connection,
      found.observers,
      calibrationMs,
      timeoutSeconds,
    );
    return {
      observers: { ...calibration, ...(found.problem === undefined ? {} : { problem: found.problem }) },
      server: session.connection.server,
      tools: session.tools,
      ambient: session.sandbox.diff(session.baseline, later),
      harvested: session.sandbox.harvest(session.baseline),
      placeholders: session.placeholders,
      startupEgress,
    };
  } finally {
    pool.release(session);
  }
}
