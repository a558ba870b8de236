import type { Change, SandboxSnapshot } from '../../harness/index.js';
import type { EgressAttempt } from '../../harness/process/index.js';
import { letServerRun } from '../mcp/index.js';
import type { CommandOptions } from './executeCommand.js';
import type { RunSession } from './session.js';

/** What a session did while no call was made. */
export interface QuietWindow {
  /** The state at the window's end. */
  readonly after: SandboxSnapshot;
  /** What changed from `from` to the window's end (excluded changes left out; placeholders not put back). */
  readonly changes: readonly Change[];
  /** What the server tried to reach during the window (since the last read of its egress). */
  readonly egress: readonly EgressAttempt[];
}

/**
 * Lets `ms` pass with no call (in the server's own time: `letServerRun`), then snapshots: what changed since
 * `from` happened without any call. A control window, in a control run or inside a confirming replay.
 */
export async function quietWindow(
  session: RunSession,
  from: SandboxSnapshot,
  ms: number,
  options: CommandOptions,
): Promise<QuietWindow> {
  await letServerRun(session.connection, Math.max(0, ms));
  const egress = await session.egress();
  const after = await session.sandbox.snapshot();
  const changes = session.sandbox.diff(from, after).filter((change) => !options.isExcluded(change));
  return { after, changes, egress };
}
