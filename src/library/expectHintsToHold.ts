import picocolors from 'picocolors';
import { formatReportText } from '../report/formatReportText.js';
import { inertReport } from '../report/inertEvent.js';
import { hasContradiction } from '../model/report.js';
import type { Report } from '../model/report.js';

/** The error `expectHintsToHold` throws: its message is the whole text report. */
export class HintsContradictedError extends Error {
  constructor(readonly report: Report) {
    const what = hasContradiction(report) ? 'declared hints are contradicted' : 'some hints are inconclusive';
    super(`hintproof: ${what}\n\n${formatReportText(inertReport(report), picocolors.createColors(false))}`);
    this.name = 'HintsContradictedError';
  }
}

/**
 * For test suites (vitest, jest, node:test): throws with the text report as the message when any hint is
 * contradicted. Inconclusive verdicts do not fail; pass `{ allowInconclusive: false }` to make them fail too.
 */
export function expectHintsToHold(report: Report, options: { allowInconclusive?: boolean } = {}): void {
  const inconclusive = report.tools.some((tool) =>
    Object.values(tool.verdicts).some((v) => v.status === 'inconclusive'),
  );
  if (hasContradiction(report) || (options.allowInconclusive === false && inconclusive)) {
    throw new HintsContradictedError(report);
  }
}
