import type { ClosedWorldFinding } from '../../model/closedWorld.js';
import type { Evidence } from '../../model/report.js';

/**
 * A closed-world finding as the evidence of an `openWorldHint` contradiction (`--strict-closed-world`): the
 * call, its two answers in one state, and the replay line. Nothing changed: `changes` is empty, and `call` is
 * 1, the session's first call, whose answer a fresh sandbox did not give again.
 */
export function closedWorldEvidence(finding: ClosedWorldFinding): Evidence {
  return {
    args: finding.args,
    call: 1,
    changes: [],
    seed: finding.seed,
    path: finding.path,
    replay: finding.replay,
    title: finding.title,
    outcomes: ['returned', 'returned'],
    shrinks: 0,
    answers: finding.answers,
  };
}
