import { setTimeout as sleep } from 'node:timers/promises';
import type { Change, SandboxSnapshot } from '../../../harness/index.js';
import { changeKey } from '../../../harness/index.js';
import type { EgressAttempt } from '../../../harness/process/index.js';
import { letServerRun } from '../../mcp/index.js';
import type { CommandOptions } from './executeCommand.js';
import type { RunSession } from '../session/session.js';

/**
 * How often a pause with no call looks at the sandbox. A change undone within the pause (a lock file made and
 * removed, a directory swapped with a link and back, a background loop's flip-flop) shows in no diff of the
 * pause's two ends; looked at every `WATCH_MS`, it shows between two looks.
 */
const WATCH_MS = 50;

/** What a session did while no call was made. */
export interface QuietWindow {
  /** The state at the window's end. */
  readonly after: SandboxSnapshot;
  /**
   * What changed between `from` and the window's end, or between two looks on the way (excluded changes left
   * out; placeholders not put back): one change per entity, the first seen.
   */
  readonly changes: readonly Change[];
  /** What the server tried to reach during the window (since the last read of its egress). */
  readonly egress: readonly EgressAttempt[];
}

/**
 * Lets `ms` pass with no call (in the server's own time: `letServerRun`), looking at the sandbox every
 * `WATCH_MS` on the way: every entity that changed from `from` to the end, or between two looks, once. The
 * pause that finds ambient changes and every control window are watched this way, so that what changes and
 * changes back on its own is never taken for a call's doing.
 */
export async function watchedPause(
  session: RunSession,
  from: SandboxSnapshot,
  ms: number,
): Promise<{ readonly after: SandboxSnapshot; readonly changes: readonly Change[] }> {
  const end = performance.now() + Math.max(0, ms);
  const seen = new Map<string, Change>();
  let last = from;
  const look = (next: SandboxSnapshot) => {
    for (const change of session.sandbox.diff(last, next)) {
      const key = changeKey(change);
      if (!seen.has(key)) seen.set(key, change);
    }
    last = next;
  };
  while (end - performance.now() > WATCH_MS) {
    await sleep(WATCH_MS);
    look(await session.sandbox.snapshot());
  }
  await letServerRun(session.connection, Math.max(0, end - performance.now()));
  const after = await session.sandbox.snapshot();
  look(after);
  return { after, changes: [...seen.values()] };
}

/**
 * A pause with no call (`watchedPause`), then what the server tried to reach during it: what changed since
 * `from` happened without any call. A control window, in a control run or inside a confirming replay.
 */
export async function quietWindow(
  session: RunSession,
  from: SandboxSnapshot,
  ms: number,
  options: CommandOptions,
): Promise<QuietWindow> {
  const { after, changes } = await watchedPause(session, from, ms);
  const egress = await session.egress();
  return { after, changes: changes.filter((change) => !options.isExcluded(change)), egress };
}
