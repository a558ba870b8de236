import { HINT_NAMES } from '../model/hints.js';
import type { EngineEvent, EventSink } from '../model/events.js';
import { closedWorldFindings } from './closedWorldLines.js';
import { contradictionsOf } from './contradictionsOf.js';
import { clientLines, impactOf, rankedContradictions } from './impactOf.js';
import { formatArgs } from './formatArgs.js';
import { formatChanges } from './formatChange.js';
import { formatPreamble } from './formatPreamble.js';
import type { Evidence, Report, Verdict } from '../model/report.js';
import { inertReport } from './inertEvent.js';
import { mdCellCode, mdCode, mdHtml, mdText } from './markdownEscape.js';
import { duplicateLine } from './formatDuplicates.js';
import { plural } from './plural.js';

export interface MarkdownReporterOptions {
  readonly write: (markdown: string) => void;
}

/**
 * Markdown for pull-request comments and `$GITHUB_STEP_SUMMARY`: a verdict table, then each contradiction,
 * the most severe first, with its severity and the clients that would act wrongly.
 */
export function createMarkdownReporter(options: MarkdownReporterOptions): EventSink {
  return (event: EngineEvent): void => {
    if (event.type === 'end') options.write(markdownReport(event.report));
  };
}

const CELLS: Record<Verdict['status'], string> = {
  contradicted: '❌ contradicted',
  consistent: '✅ consistent',
  inconclusive: '❔ inconclusive',
  'not-applicable': 'n/a',
  unchecked: 'unchecked',
};

/**
 * The Markdown report. Every string is made inert first (`inertReport`), then placed with the escape its
 * position needs: code spans (`mdCode`), prose (`mdText`), code in table cells (`mdCellCode`), the HTML summary (`mdHtml`). So no
 * name or message can close a code span or a cell, start a link, or inject HTML.
 */
export function markdownReport(raw: Report): string {
  const report = inertReport(raw);
  const contradictions = contradictionsOf(report);
  const toolsHit = new Set(contradictions.map((c) => c.tool.name)).size;
  const lines = [
    contradictions.length > 0
      ? `## hintproof: ${plural(contradictions.length, 'hint')} contradicted in ${toolsHit} of ${plural(report.tools.length, 'tool')}`
      : `## hintproof: no hint contradicted in ${plural(report.tools.length, 'tool')}`,
    '',
    `${mdCode(`${report.server.name} ${report.server.version}`)} · seed ${report.settings.seed} · ${report.settings.runs} runs per tool · hintproof ${mdText(report.hintproof)}`,
    '',
    ...isolationNote(report),
    '| tool | readOnly | destructive | idempotent | openWorld | calls | errors |',
    '|---|---|---|---|---|--:|--:|',
    ...report.tools.map(
      (tool) =>
        `| ${mdCellCode(tool.name)} | ${HINT_NAMES.map((hint) => CELLS[tool.verdicts[hint].status]).join(' | ')} | ${tool.calls.total} | ${tool.calls.errors} |`,
    ),
  ];
  const duplicates = (report.duplicateTools ?? []).map(
    (duplicate) => `- ${duplicateLine(duplicate, mdCode(duplicate.name))}`,
  );
  if (duplicates.length > 0)
    lines.push('', '**Duplicate tool names** (tool names must be unique)', '', ...duplicates);
  for (const contradiction of rankedContradictions(report)) {
    const { tool, evidence } = contradiction;
    const impact = impactOf(contradiction);
    lines.push(
      '',
      `<details><summary>❌ <b>${impact.severity}</b> (${impact.score.toFixed(1)}) · ${mdHtml(evidence.title)}</summary>`,
      '',
      `- Severity: **${impact.severity}** (${impact.score.toFixed(1)}): ${mdText(impact.reason)}`,
      ...(impact.clients.length === 0
        ? []
        : ['- Clients that would act wrongly:', ...clientLines(impact).map((line) => `  - ${mdText(line)}`)]),
      `- Declared: ${mdCode(JSON.stringify(tool.declared))}`,
      evidence.answers === undefined
        ? `- Observed on call ${evidence.call}: ${formatChanges(evidence.changes).map(mdCode).join(', ')}`
        : `- Answered in one state: ${evidence.answers.map(mdCode).join(', then ')}`,
      `- Arguments: ${mdCode(formatArgs(evidence.args, 1000))}`,
      ...preambleItems(evidence),
      '',
      'Reproduce with:',
      '',
      codeBlock(evidence.replay),
      '',
      '</details>',
    );
  }
  const closedWorld = closedWorldFindings(report).map(
    ({ tool, finding }) =>
      `- ${mdCode(tool.name)} ${mdCode(formatArgs(finding.args, 1000))}: answered ${finding.answers.map(mdCode).join(', then in the same state ')} (${finding.differences.map(mdCode).join(', ')}); reproduce with ${mdCode(finding.replay)}`,
  );
  if (closedWorld.length > 0)
    lines.push(
      '',
      '**Closed-world findings** (`openWorldHint: false`, yet one call answered two ways in one state; not contradictions unless `--strict-closed-world`)',
      '',
      ...closedWorld,
    );
  const inconclusive = report.tools.flatMap((tool) =>
    HINT_NAMES.flatMap((hint) => {
      const verdict = tool.verdicts[hint];
      return verdict.status === 'inconclusive'
        ? [`- ${mdCode(tool.name)} ${hint}: ${mdText(verdict.reason)}`]
        : [];
    }),
  );
  if (inconclusive.length > 0)
    lines.push('', '**Inconclusive** (no evidence either way)', '', ...inconclusive);
  const unexercised = report.tools.flatMap((tool) =>
    (tool.calls.unexercised ?? []).map((what) => `- ${mdCode(tool.name)}: ${mdText(what)}`),
  );
  if (unexercised.length > 0)
    lines.push('', '**Not exercised** (no tighter hint suggested for these tools)', '', ...unexercised);
  return `${lines.join('\n')}\n`;
}

/**
 * A run that was not isolated says so before the table, with what it could not observe; an isolated one what
 * its sandbox lacks on this host, if anything.
 */
function isolationNote(report: Report): string[] {
  const { settings } = report;
  if (settings.isolation !== 'none') {
    return settings.isolationNote === undefined ? [] : [`> ⚠ ${mdText(`${settings.isolationNote}.`)}`, ''];
  }
  const unobserved =
    settings.unobserved === undefined ? '' : ` ${mdText(`Unobserved: ${settings.unobserved}.`)}`;
  return [
    `> ⚠ ${mdText(`Not isolated (${settings.isolationNote ?? 'no isolation'}): the server ran with your filesystem and network.`)}${unobserved}`,
    '',
  ];
}

/** A fenced `sh` block whose fence is longer than any backtick run in the (single-line) command. */
function codeBlock(command: string): string {
  const longestRun = Math.max(2, ...(command.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  return `${fence}sh\n${command}\n${fence}`;
}

/** For a counterexample found after a preamble: the calls made before it, as a nested numbered list. */
function preambleItems(evidence: Evidence): string[] {
  const steps = formatPreamble(evidence);
  if (steps.length === 0) return [];
  return ['- After these calls, from a fresh sandbox:', ...steps.map((step) => `  ${markdownStep(step)}`)];
}

/** A step (`1. tool {args} → outcome`) as a Markdown list item with the rest as code. */
function markdownStep(step: string): string {
  const [number, ...rest] = step.split(' ');
  return `${number ?? ''} ${mdCode(rest.join(' '))}`;
}
