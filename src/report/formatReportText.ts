import type { Colors } from './colors.js';
import { formatAmbient } from './formatAmbient.js';
import { formatClosedWorld } from './formatClosedWorld.js';
import { formatContradictions } from './formatContradictions.js';
import { formatCreatedDatabases } from './formatCreatedDatabases.js';
import { formatDrift } from './formatDrift.js';
import { formatDuplicates } from './formatDuplicates.js';
import { formatFlaky } from './formatFlaky.js';
import { formatObservers } from './formatObservers.js';
import { formatSettle } from './formatSettle.js';
import { formatInconclusive } from './formatInconclusive.js';
import { formatSuggestions } from './formatSuggestions.js';
import { formatSummary } from './formatSummary.js';
import { formatUnchecked } from './formatUnchecked.js';
import { formatUnexercised } from './formatUnexercised.js';
import { formatVerdictTable } from './formatVerdictTable.js';
import type { Report, Severity } from '../model/report.js';

/**
 * The end of a text report: the verdict table, each contradiction, inconclusive and unchecked hints, modes
 * not exercised, closed-world findings, ambient
 * changes, the databases the server made outside its sandbox, suggestions and the summary, sections separated by a blank line. Ends with a newline.
 * `failOn`: the `--fail-on` severity, for the exit-status line.
 */
export function formatReportText(report: Report, colors: Colors, failOn?: Severity): string {
  const sections = [
    formatVerdictTable(report, colors),
    formatDuplicates(report, colors),
    formatContradictions(report, colors),
    formatDrift(report, colors),
    formatFlaky(report, colors),
    formatInconclusive(report, colors),
    formatUnchecked(report, colors),
    formatUnexercised(report, colors),
    formatClosedWorld(report, colors),
    formatAmbient(report, colors),
    formatObservers(report, colors),
    formatSettle(report, colors),
    formatCreatedDatabases(report, colors),
    formatSuggestions(report, colors),
    formatSummary(report, colors, failOn),
  ].filter((section) => section.length > 0);
  return `${sections.map((section) => section.join('\n')).join('\n\n')}\n`;
}
