import type { Violation } from '../../checks/violation.js';
import type { FlakyEvidence } from '../../model/report.js';
import type { MadeCall } from '../run/runTypes.js';

/** A flaky contradiction keeps at most this many of the session's last calls before it. */
const FLAKY_CALLS_KEPT = 20;

/**
 * A contradiction seen in a session that no replay from a fresh sandbox reproduced, as reported: what the
 * session showed, the last calls before it, and what each replay showed.
 */
export function flakyOf(
  violation: Violation,
  args: Readonly<Record<string, unknown>>,
  history: readonly MadeCall[],
  replays: readonly string[],
): FlakyEvidence {
  return {
    hint: violation.hint,
    title: violation.title,
    args,
    changes: violation.changes,
    ...(violation.egress === undefined ? {} : { egress: violation.egress }),
    history: history.length,
    calls: history.slice(-FLAKY_CALLS_KEPT).map(({ tool, args: made }) => ({ tool, args: made })),
    replays,
  };
}
