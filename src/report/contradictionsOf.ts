import { HINT_NAMES } from '../model/hints.js';
import type { HintName } from '../model/hints.js';
import type { Evidence, Report, ToolReport } from '../model/report.js';

export interface Contradiction {
  readonly tool: ToolReport;
  readonly hint: HintName;
  readonly evidence: Evidence;
}

/** Every contradicted hint of a report, in tool order and then hint order. */
export function contradictionsOf(report: Report): Contradiction[] {
  return report.tools.flatMap((tool) =>
    HINT_NAMES.flatMap((hint) => {
      const verdict = tool.verdicts[hint];
      return verdict.status === 'contradicted' ? [{ tool, hint, evidence: verdict.evidence }] : [];
    }),
  );
}
