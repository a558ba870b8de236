import type { Report } from '../model/report.js';
import type { Colors } from './colors.js';
import { PLAIN } from './colors.js';
import { formatAmbient } from './formatAmbient.js';
import { formatClosedWorld } from './formatClosedWorld.js';
import { formatCreatedDatabases } from './formatCreatedDatabases.js';
import { formatDrift } from './formatDrift.js';
import { formatDuplicates } from './formatDuplicates.js';
import { formatFlaky } from './formatFlaky.js';
import { formatInconclusive } from './formatInconclusive.js';
import { formatObservers } from './formatObservers.js';
import { formatSettle } from './formatSettle.js';
import { formatSuggestions } from './formatSuggestions.js';
import { formatUnchecked } from './formatUnchecked.js';
import { formatUnexercised } from './formatUnexercised.js';
import { escapeHtml } from './htmlEscape.js';

/** A section of the page the text report also has, made from its lines: the first its heading. */
interface TextSection {
  /** The element id and the table of contents' link (ours, never a server's string). */
  readonly id: string;
  /** The name in the table of contents. */
  readonly label: string;
  readonly format: (report: Report, colors: Colors) => string[];
}

/**
 * The sections after the contradictions, in the text report's order: drift against the baseline, flaky
 * findings, inconclusive and unchecked hints with their reasons, modes not exercised (reach), closed-world
 * findings (the two answers, set apart as not contradictions), ambient change,
 * observers, settling, databases made, duplicate names, suggestions. Their lines are the text report's, so the
 * two never disagree; a copy-pasteable `annotations: { … }` stays as it is in a `<pre>`.
 */
const TEXT_SECTIONS: readonly TextSection[] = [
  { id: 'duplicates', label: 'Duplicate names', format: formatDuplicates },
  { id: 'drift', label: 'Drift', format: formatDrift },
  { id: 'flaky', label: 'Flaky', format: formatFlaky },
  { id: 'inconclusive', label: 'Inconclusive', format: formatInconclusive },
  { id: 'unchecked', label: 'Unchecked', format: formatUnchecked },
  { id: 'unexercised', label: 'Not exercised', format: formatUnexercised },
  { id: 'closed-world', label: 'Closed world', format: formatClosedWorld },
  { id: 'ambient', label: 'Ambient', format: formatAmbient },
  { id: 'observers', label: 'Observers', format: formatObservers },
  { id: 'settle', label: 'Settling', format: formatSettle },
  { id: 'databases', label: 'Databases', format: formatCreatedDatabases },
  { id: 'suggestions', label: 'Suggestions', format: formatSuggestions },
];

/** A section of the page: its id, its name in the table of contents, and its markup. */
export interface HtmlSection {
  readonly id: string;
  readonly label: string;
  readonly html: string;
}

/** The text sections that have something to say, each as HTML: a heading and the lines, escaped, in a `<pre>`. */
export function htmlTextSections(report: Report): HtmlSection[] {
  return TEXT_SECTIONS.flatMap(({ id, label, format }) => {
    const [heading, ...lines] = format(report, PLAIN);
    if (heading === undefined) return [];
    // A section without a heading of its own (a one-line warning) is all body.
    const body = lines.length === 0 ? [heading] : lines;
    const title = lines.length === 0 ? label : heading;
    return [
      {
        id,
        label,
        html: [
          `<section id="${id}">`,
          `<h2>${escapeHtml(title)}</h2>`,
          `<pre>${escapeHtml(body.map((line) => line.replace(/^ {2}/, '')).join('\n'))}</pre>`,
          '</section>',
        ].join('\n'),
      },
    ];
  });
}
