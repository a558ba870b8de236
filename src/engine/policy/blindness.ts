import type { HintName } from '../../model/hints.js';
import type { ToolReport, Verdict } from '../../model/report.js';

/** The claims about state a blind check cannot confirm. */
const STATE_HINTS: readonly HintName[] = ['readOnlyHint', 'destructiveHint', 'idempotentHint'];

export const BLIND_REASON =
  'no state the sandbox can observe as a whole changed during the check, and no successful call met existing state: ' +
  "nothing shows that the sandbox holds this server's state (it may keep it in process memory or a service " +
  'outside the sandbox, or keep none), so what its tools change could not be seen';

/**
 * Whether the whole check was blind: no tool was seen to change anything in any environment, and no
 * successful command met existing state. Then nothing shows that the sandbox holds the server's state at all.
 * Changes seen only through reads by id (`partial`) do not count: they show what became of one entity, never
 * what else a tool added, so a check that saw nothing more is still blind (its contradictions stand).
 */
export function isBlind(tools: readonly ToolReport[]): boolean {
  return (
    tools.length > 0 &&
    tools.every(
      (tool) =>
        (tool.behaviour ?? []).every((behaviour) => behaviour === 'reads only') &&
        (tool.calls.metExisting ?? 0) === 0 &&
        STATE_HINTS.every((hint) => !seenWhole(tool.verdicts[hint])),
    )
  );
}

/** A contradiction resting on at least one change seen in state observed as a whole. */
function seenWhole(verdict: Verdict): boolean {
  return (
    verdict.status === 'contradicted' && verdict.evidence.changes.some((change) => change.partial !== true)
  );
}

/**
 * A tool's report once the check is known to be blind: its `consistent` claims about state become
 * `inconclusive` with the reason, and nothing tighter than declared is suggested for them.
 */
export function blindReport(tool: ToolReport): ToolReport {
  const verdicts = { ...tool.verdicts };
  const suggested = { ...tool.suggested };
  const basis = { ...tool.suggestedBasis };
  for (const hint of STATE_HINTS) {
    const verdict: Verdict = verdicts[hint];
    if (verdict.status === 'consistent') verdicts[hint] = { status: 'inconclusive', reason: BLIND_REASON };
    suggested[hint] = tool.effective[hint];
    delete basis[hint];
  }
  return { ...tool, verdicts, suggested, suggestedBasis: basis };
}
