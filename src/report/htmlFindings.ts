import { describeEgress } from '../../harness/process/index.js';
import type { ClientAction, Evidence, Report } from '../model/report.js';
import type { Contradiction } from './contradictionsOf.js';
import { formatArgs } from './formatArgs.js';
import { formatChanges } from './formatChange.js';
import { formatPreamble } from './formatPreamble.js';
import { escapeHtml, findingAnchor, toolAnchor } from './htmlEscape.js';
import { impactOf, rankedContradictions, severityLabel } from './impactOf.js';

/** Arguments in a contradiction are shrunk, so they are shown almost whole; the replay command has them all. */
const ARGS_MAX_LENGTH = 1000;

/** A contradiction as the page lists it: its number (1 = the most severe) and its tool's place in the report. */
export interface Finding {
  readonly number: number;
  readonly toolIndex: number;
  readonly contradiction: Contradiction;
}

/** Every contradiction of the report, the most severe first, numbered from 1. */
export function findingsOf(report: Report): Finding[] {
  return rankedContradictions(report).map((contradiction, index) => ({
    number: index + 1,
    toolIndex: report.tools.indexOf(contradiction.tool),
    contradiction,
  }));
}

/**
 * Each contradiction, the most severe first, as an article (`finding-N`): its severity and why, the clients
 * that would act wrongly and what each does, the declared and effective hint, what was observed, the
 * arguments or the steps from a fresh sandbox, and the command that replays it. Empty when none.
 */
export function htmlFindings(findings: readonly Finding[]): string {
  if (findings.length === 0) return '';
  return [
    '<section id="findings">',
    `<h2>Contradictions (${findings.length})</h2>`,
    ...findings.map(htmlFinding),
    '</section>',
  ].join('\n');
}

function htmlFinding({ number, toolIndex, contradiction }: Finding): string {
  const { tool, hint, evidence } = contradiction;
  const impact = impactOf(contradiction);
  const declaredByDefault = tool.declared?.[hint] === undefined ? ' (spec default)' : '';
  return [
    `<article class="finding ${impact.severity}" id="${findingAnchor(number)}">`,
    `<h3>${number}. <span class="badge">${escapeHtml(severityLabel(impact))}</span> ${escapeHtml(evidence.title)}</h3>`,
    '<dl>',
    `<dt>Tool</dt><dd><a href="#${toolAnchor(toolIndex)}"><code>${escapeHtml(tool.name)}</code></a></dd>`,
    `<dt>Severity</dt><dd>${escapeHtml(`${severityLabel(impact)}: ${impact.reason}`)}</dd>`,
    `<dt>Declared</dt><dd><code>${escapeHtml(tool.declared === null ? '(none)' : JSON.stringify(tool.declared))}</code></dd>`,
    `<dt>Effective</dt><dd><code>${escapeHtml(`${hint}=${String(tool.effective[hint])}`)}</code>${declaredByDefault}</dd>`,
    `<dt>Observed on call ${evidence.call}</dt><dd>${list(observed(evidence))}</dd>`,
    ...(evidence.preamble === undefined || evidence.preamble.length === 0
      ? [
          `<dt>Arguments</dt><dd><code>${escapeHtml(formatArgs(evidence.args, ARGS_MAX_LENGTH))}</code></dd>`,
          ...(evidence.outcomes.length > 0
            ? [`<dt>Calls</dt><dd><code>${escapeHtml(evidence.outcomes.join(', '))}</code></dd>`]
            : []),
        ]
      : []),
    `<dt>Shrunk</dt><dd>${evidence.shrinks} time(s)</dd>`,
    '</dl>',
    ...steps(tool.name, evidence),
    ...clients(impact.clients),
    '<h4>Reproduce with</h4>',
    `<pre><code>${escapeHtml(evidence.replay)}</code></pre>`,
    '</article>',
  ].join('\n');
}

/** The changes of the call (the first 20, then how many more), or its attempts to reach outside the sandbox. */
function observed(evidence: Evidence): string[] {
  if (evidence.egress !== undefined && evidence.egress.length > 0)
    return evidence.egress.map((attempt) => describeEgress(attempt));
  if (evidence.changes.length === 0) return ['no sandbox change'];
  return formatChanges(evidence.changes);
}

/** Items as a list of code, one a line. */
function list(items: readonly string[]): string {
  return `<ul>${items.map((item) => `<li><code>${escapeHtml(item)}</code></li>`).join('')}</ul>`;
}

/** A counterexample found after a preamble: every call from a fresh sandbox, the checked one last. */
function steps(tool: string, evidence: Evidence): string[] {
  const preamble = formatPreamble(evidence);
  if (preamble.length === 0) return [];
  const outcomes = evidence.outcomes.length > 0 ? ` → ${evidence.outcomes.join(', ')}` : '';
  const calls = [
    ...preamble.map((line) => line.replace(/^\d+\. /, '')),
    `${tool} ${formatArgs(evidence.args, ARGS_MAX_LENGTH)}${outcomes} (checked, called twice)`,
  ];
  return [
    '<h4>Steps (from a fresh sandbox)</h4>',
    `<ol>${calls.map((call) => `<li><code>${escapeHtml(call)}</code></li>`).join('')}</ol>`,
  ];
}

/**
 * The clients that would act wrongly on the false hint: each with its mode, what it does, and the public page
 * that shows it (a row with none says so and weighs nothing in the severity).
 */
function clients(actions: readonly ClientAction[]): string[] {
  if (actions.length === 0) return [];
  return [
    '<h4>Clients that would act wrongly</h4>',
    '<ul>',
    ...actions.map((action) => {
      const source = action.source?.startsWith('https://')
        ? ` (<a href="${escapeHtml(action.source)}" rel="noreferrer">source</a>)`
        : action.source === undefined
          ? ' [no public source]'
          : ` (source: ${escapeHtml(action.source)})`;
      return `<li><b>${escapeHtml(action.client)}</b>, ${escapeHtml(action.mode)}: ${escapeHtml(action.effect)}${source}</li>`;
    }),
    '</ul>',
  ];
}
