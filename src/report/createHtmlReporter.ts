import type { EngineEvent, EventSink } from '../model/events.js';
import type { Report } from '../model/report.js';
import { contradictionsOf } from './contradictionsOf.js';
import { escapeHtml } from './htmlEscape.js';
import { findingsOf, htmlFindings } from './htmlFindings.js';
import { htmlPage } from './htmlPage.js';
import { htmlTextSections } from './htmlSections.js';
import type { HtmlSection } from './htmlSections.js';
import { htmlHeader, htmlSummary } from './htmlSummary.js';
import { htmlVerdictTable } from './htmlVerdicts.js';
import { inertReport } from './inertEvent.js';
import { plural } from './plural.js';

export interface HtmlReporterOptions {
  readonly write: (html: string) => void;
}

/**
 * One self-contained HTML page for people who vet a server and share what they found: summary first, then the
 * verdict table, each contradiction with its evidence, and the rest of the text report. Written on `end`.
 */
export function createHtmlReporter(options: HtmlReporterOptions): EventSink {
  return (event: EngineEvent): void => {
    if (event.type === 'end') options.write(htmlReport(event.report));
  };
}

/**
 * The HTML report. Every string is made inert first (`inertReport`: controls, bidi overrides and invisible
 * characters shown as escapes, one line each), then escaped where it is placed (`escapeHtml`); ids and links
 * are made from places in the report (`tool-3`, `finding-1`), never from a name. The page loads nothing and
 * runs no script (its Content-Security-Policy allows neither): it reads the same offline, printed or mailed.
 */
export function htmlReport(raw: Report): string {
  const report = inertReport(raw);
  const findings = findingsOf(report);
  const sections: HtmlSection[] = [
    { id: 'summary', label: 'Summary', html: htmlSummary(report) },
    { id: 'verdicts', label: 'Verdicts', html: htmlVerdictTable(report, findings) },
    ...(findings.length === 0
      ? []
      : [{ id: 'findings', label: 'Contradictions', html: htmlFindings(findings) }]),
    ...htmlTextSections(report),
  ];
  const nav = sections.map(({ id, label }) => `<a href="#${id}">${escapeHtml(label)}</a>`).join('\n');
  const body = [
    htmlHeader(report),
    `<nav aria-label="Sections">\n${nav}\n</nav>`,
    '<main>',
    ...sections.map((section) => section.html),
    '</main>',
    `<footer>hintproof ${escapeHtml(report.hintproof)} · seed ${report.settings.seed}</footer>`,
  ].join('\n');
  return htmlPage(`hintproof: ${report.server.name} · ${verdictLine(report)}`, body);
}

/** `2 hints contradicted in 9 tools`, or `no hint contradicted in 9 tools`: the page's title, after the server. */
function verdictLine(report: Report): string {
  const contradicted = contradictionsOf(report).length;
  const tools = plural(report.tools.length, 'tool');
  return contradicted === 0
    ? `no hint contradicted in ${tools}`
    : `${plural(contradicted, 'hint')} contradicted in ${tools}`;
}
