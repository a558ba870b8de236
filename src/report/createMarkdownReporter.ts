import { HINT_NAMES } from '../model/hints.js';
import type { EngineEvent, EventSink } from '../model/events.js';
import { contradictionsOf } from './contradictionsOf.js';
import { formatArgs } from './formatArgs.js';
import { formatChange } from './formatChange.js';
import { formatPreamble } from './formatPreamble.js';
import type { Evidence, Report, Verdict } from '../model/report.js';
import { plural } from './plural.js';

export interface MarkdownReporterOptions {
  readonly write: (markdown: string) => void;
}

/** Markdown for pull-request comments and `$GITHUB_STEP_SUMMARY`: a verdict table, then each contradiction. */
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

export function markdownReport(report: Report): string {
  const contradictions = contradictionsOf(report);
  const toolsHit = new Set(contradictions.map((c) => c.tool.name)).size;
  const lines = [
    contradictions.length > 0
      ? `## hintproof: ${plural(contradictions.length, 'hint')} contradicted in ${toolsHit} of ${plural(report.tools.length, 'tool')}`
      : `## hintproof: no hint contradicted in ${plural(report.tools.length, 'tool')}`,
    '',
    `\`${report.server.name} ${report.server.version}\` · seed ${report.settings.seed} · ${report.settings.runs} runs per tool · hintproof ${report.hintproof}`,
    '',
    '| tool | readOnly | destructive | idempotent | openWorld | calls | errors |',
    '|---|---|---|---|---|--:|--:|',
    ...report.tools.map(
      (tool) =>
        `| \`${escapeCell(tool.name)}\` | ${HINT_NAMES.map((hint) => CELLS[tool.verdicts[hint].status]).join(' | ')} | ${tool.calls.total} | ${tool.calls.errors} |`,
    ),
  ];
  for (const { tool, evidence } of contradictions) {
    lines.push(
      '',
      `<details><summary>❌ ${escapeHtml(evidence.title)}</summary>`,
      '',
      `- Declared: \`${JSON.stringify(tool.declared)}\``,
      `- Observed on call ${evidence.call}: ${evidence.changes.map((change) => `\`${formatChange(change)}\``).join(', ')}`,
      `- Arguments: \`${formatArgs(evidence.args, 1000)}\``,
      ...preambleItems(evidence),
      '',
      'Reproduce with:',
      '',
      '```sh',
      evidence.replay,
      '```',
      '',
      '</details>',
    );
  }
  const inconclusive = report.tools.flatMap((tool) =>
    HINT_NAMES.flatMap((hint) => {
      const verdict = tool.verdicts[hint];
      return verdict.status === 'inconclusive' ? [`- \`${tool.name}\` ${hint}: ${verdict.reason}`] : [];
    }),
  );
  if (inconclusive.length > 0)
    lines.push('', '**Inconclusive** (no evidence either way)', '', ...inconclusive);
  return `${lines.join('\n')}\n`;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** For a counterexample found after a preamble: the calls made before it, as a nested numbered list. */
function preambleItems(evidence: Evidence): string[] {
  const steps = formatPreamble(evidence);
  if (steps.length === 0) return [];
  return [
    '- After these calls, from a fresh sandbox:',
    ...steps.map((step) => `  ${escapeMarkdownStep(step)}`),
  ];
}

/** A step as a Markdown list item with its arguments as code. */
function escapeMarkdownStep(step: string): string {
  const [number, ...rest] = step.split(' ');
  return `${number ?? ''} \`${rest.join(' ')}\``;
}
