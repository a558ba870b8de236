export { createTextReporter } from './createTextReporter.js';
export type { TextReporterOptions } from './createTextReporter.js';
export { createJsonReporter } from './createJsonReporter.js';
export type { JsonReporterOptions } from './createJsonReporter.js';
export { formatArgs, ARGS_MAX_LENGTH } from './formatArgs.js';
export { formatChange } from './formatChange.js';
export { formatOutcome } from './formatOutcome.js';
export { shellJoin, shellQuote } from './shellQuote.js';
export { formatReportText } from './formatReportText.js';
export { orderReport } from './orderReport.js';
export { hasContradiction } from '../model/report.js';
export type {
  Evidence,
  Report,
  ServerInfo,
  Settings,
  ToolReport,
  Verdict,
  VerdictStatus,
} from '../model/report.js';
export { createJunitReporter, junitXml } from './createJunitReporter.js';
export type { JunitReporterOptions } from './createJunitReporter.js';
export { createSarifReporter, sarifLog } from './createSarifReporter.js';
export type { SarifArtifact, SarifReporterOptions } from './createSarifReporter.js';
export { createMarkdownReporter, markdownReport } from './createMarkdownReporter.js';
export type { MarkdownReporterOptions } from './createMarkdownReporter.js';
export { contradictionsOf } from './contradictionsOf.js';
export { createLiveProgress } from './createLiveProgress.js';
export type { LiveProgressOptions } from './createLiveProgress.js';
export { createSummaryReporter } from './createSummaryReporter.js';
