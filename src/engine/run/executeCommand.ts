import type { CheckSettings } from '../../settings/checkSettings.js';
import type { Change, SandboxSnapshot } from '../../../harness/index.js';
import type { EgressAttempt } from '../../../harness/process/index.js';
import { destinationKey } from '../../../harness/process/index.js';
import { completed } from '../../model/callOutcome.js';
import type { CallOutcome } from '../../model/callOutcome.js';
import type { CallRecord, Observation } from '../../model/observation.js';
import { substituteDeep, withPlaceholders, withPlaceholdersDeep } from '../session/placeholders.js';
import { preferSandbox } from '../policy/preferSandbox.js';
import type { RunSession } from '../session/session.js';

export interface CommandOptions {
  readonly timeoutSeconds: CheckSettings['timeout'];
  /** Ambient changes and `--ignore` matches: kept in the observation, never checked. */
  readonly isExcluded: (change: Change) => boolean;
}

/**
 * Calls one tool twice in a row with the same arguments, snapshotting before, between and after. A call
 * that times out or crashes ends the session: the process tree is killed, the sandbox is snapshotted once
 * more (a failing call that wrote is still evidence), and there is no second call. `between`, when given,
 * runs after the first call's snapshot and returns the state the second call is diffed from (a control
 * window in a confirming replay).
 */
export async function executeCommand(
  session: RunSession,
  before: SandboxSnapshot,
  tool: string,
  args: Readonly<Record<string, unknown>>,
  options: CommandOptions,
  between?: (middle: SandboxSnapshot) => Promise<SandboxSnapshot>,
): Promise<{ observation: Observation; after: SandboxSnapshot }> {
  const resolved = substituteDeep({ ...args }, session.placeholders);
  const excluded: Change[] = [];
  const call = async (from: SandboxSnapshot): Promise<[CallRecord, SandboxSnapshot]> => {
    const started = performance.now();
    const outcome: CallOutcome = withPlaceholdersDeep(
      await session.connection.callTool(tool, resolved, options.timeoutSeconds),
      session.placeholders,
    );
    const durationMs = Math.round(performance.now() - started);
    const endedAtMs = Math.round(performance.now() - session.startedAt);
    if (!completed(outcome)) await session.kill();
    const to = await session.sandbox.snapshot();
    const egress = await session.egress();
    const counted = egress.length > 0 ? countedFor(egress, session.egressCounted?.()) : undefined;
    const changes: Change[] = [];
    for (const found of session.sandbox.diff(from, to)) {
      const change = { ...found, detail: withPlaceholders(found.detail, session.placeholders) };
      (options.isExcluded(change) ? excluded : changes).push(change);
    }
    return [
      {
        outcome,
        changes: preferSandbox(changes),
        ...(egress.length > 0 ? { egress } : {}),
        ...(counted === undefined ? {} : { egressCounted: counted }),
        durationMs,
        endedAtMs,
      },
      to,
    ];
  };

  await session.egress(); // what the server attempted before this command is not its doing
  const [call1, middle] = await call(before);
  if (!completed(call1.outcome)) return { observation: { tool, args, call1, excluded }, after: middle };
  if (!session.alive()) {
    const why = session.stopReason?.() ?? 'the server was no longer running after call 1';
    return { observation: { tool, args, call1, call2Skipped: why, excluded }, after: middle };
  }
  const [call2, after] = await call(between === undefined ? middle : await between(middle));
  return { observation: { tool, args, call1, call2, excluded }, after };
}

/** The life counts of the destinations `egress` names (`undefined` when the session does not count). */
function countedFor(
  egress: readonly EgressAttempt[],
  counted: ReadonlyMap<string, number> | undefined,
): ReadonlyMap<string, number> | undefined {
  if (counted === undefined) return undefined;
  const keys = egress.map(destinationKey);
  return new Map(keys.map((key) => [key, counted.get(key) ?? 0]));
}
