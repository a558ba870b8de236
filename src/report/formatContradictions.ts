import type { Change } from '../../harness/index.js';
import type { EgressAttempt } from '../../harness/process/index.js';
import { describeEgress } from '../../harness/process/index.js';
import type { Colors } from './colors.js';
import type { Contradiction } from './contradictionsOf.js';
import { answerLines } from './closedWorldLines.js';
import { formatArgs } from './formatArgs.js';
import { formatChange, formatChanges } from './formatChange.js';
import { formatPreamble } from './formatPreamble.js';
import { withSamples } from './formatSample.js';
import { clientLines, impactOf, rankedContradictions, severityLabel } from './impactOf.js';
import type { Evidence, Report, Severity } from '../model/report.js';

/** Arguments in a contradiction are shrunk, so they are shown almost whole; the replay command has them all. */
const EVIDENCE_ARGS_MAX_LENGTH = 1000;

/** The colour of each severity's label. */
const SEVERITY_COLOR: Record<Severity, (colors: Colors) => (text: string) => string> = {
  critical: (colors) => (text) => colors.bold(colors.red(text)),
  high: (colors) => colors.red,
  medium: (colors) => colors.yellow,
  low: (colors) => colors.dim,
};

/**
 * Every contradiction, numbered, the most severe first (`rankedContradictions`; ties in tool order then hint
 * order), with its severity and the clients that would act wrongly on the false hint:
 *
 * ```
 * 1) read_note claims readOnlyHint: true but changed the sandbox
 *    Severity: critical (9.1): it wrote while clients run it unconfirmed as read-only
 *    Clients that would act wrongly:
 *      - Codex (auto and writes approval modes): runs it without approval
 *    Declared: {"readOnlyHint":true}
 *    Effective: readOnlyHint=true
 *    Observed: append fs:.access.log (+9 bytes) on call 1
 *    Arguments: {"name":"groceries.md"}
 *    Calls: returned, returned
 *    Shrunk 2 time(s)
 *    Reproduce with: hintproof check --tool read_note --seed 42 --path "7:0" -- node server.js {fs}
 * ```
 *
 * Empty when nothing is contradicted.
 */
export function formatContradictions(report: Report, colors: Colors): string[] {
  const blocks = rankedContradictions(report).map((contradiction, i) =>
    formatBlock(i + 1, contradiction, colors),
  );
  if (blocks.length === 0) return [];
  return [colors.bold('Contradictions'), ...blocks.flatMap((block, i) => (i === 0 ? block : ['', ...block]))];
}

function formatBlock(number: number, contradiction: Contradiction, colors: Colors): string[] {
  const { tool, hint, evidence } = contradiction;
  const head = `${number}) `;
  const indent = ' '.repeat(head.length);
  const declaredByDefault = tool.declared?.[hint] === undefined ? ' (spec default)' : '';
  const impact = impactOf(contradiction);
  const lines = [
    `${SEVERITY_COLOR[impact.severity](colors)(`Severity: ${severityLabel(impact)}`)}: ${impact.reason}`,
    ...(impact.clients.length === 0
      ? []
      : ['Clients that would act wrongly:', ...clientLines(impact).map((line) => `  - ${line}`)]),
    `Declared: ${tool.declared === null ? '(none)' : JSON.stringify(tool.declared)}`,
    `Effective: ${hint}=${String(tool.effective[hint])}${declaredByDefault}`,
    ...(evidence.egress && evidence.egress.length > 0
      ? formatEgress(evidence.egress, evidence.call)
      : evidence.answers !== undefined
        ? answerLines(evidence.answers)
        : formatObserved(evidence.changes, evidence.call)),
    ...(evidence.preamble === undefined || evidence.preamble.length === 0
      ? [
          `Arguments: ${formatArgs(evidence.args, EVIDENCE_ARGS_MAX_LENGTH)}`,
          ...(evidence.outcomes.length > 0
            ? [withSamples(`Calls: ${evidence.outcomes.join(', ')}`, evidence.outcomes, '  ')]
            : []),
        ]
      : formatSteps(tool.name, evidence)),
  ];
  lines.push(`Shrunk ${evidence.shrinks} time(s)`);
  lines.push(`${colors.cyan('Reproduce with:')} ${evidence.replay}`);
  // A sample whose text is JSON spans several lines, each indented under its block.
  const split = lines.flatMap((line) => line.split('\n'));
  return [colors.bold(`${head}${evidence.title}`), ...split.map((line) => indent + line)];
}

/**
 * The whole sequence of a counterexample found after a preamble, as numbered calls on a fresh sandbox:
 *
 * ```
 * Steps (from a fresh sandbox):
 *   1. add_bookmark {"url":"a"} → returned; add fs:bookmarks.json#/bookmarks/[id=b1]
 *   2. forget_bookmark {"id":"b1"} → returned, returned (checked, called twice)
 * ```
 */
function formatSteps(tool: string, evidence: Evidence): string[] {
  const samples = [...evidence.outcomes, ...(evidence.preamble ?? []).map((step) => step.outcome)];
  const steps = formatPreamble(evidence).map((line) => withSamples(`  ${line}`, samples, '       '));
  const outcomes = evidence.outcomes.length > 0 ? ` → ${evidence.outcomes.join(', ')}` : '';
  steps.push(
    withSamples(
      `  ${steps.length + 1}. ${tool} ${formatArgs(evidence.args, EVIDENCE_ARGS_MAX_LENGTH)}${outcomes} (checked, called twice)`,
      evidence.outcomes,
      '       ',
    ),
  );
  return ['Steps (from a fresh sandbox):', ...steps];
}

function formatObserved(changes: readonly Change[], call: 1 | 2): string[] {
  const [only, ...more] = changes;
  if (only === undefined) return [`Observed: no sandbox change on call ${call}`];
  if (more.length === 0) return [`Observed: ${formatChange(only)} on call ${call}`];
  return [`Observed on call ${call}:`, ...formatChanges(changes).map((line) => `  ${line}`)];
}

function formatEgress(attempts: readonly EgressAttempt[], call: 1 | 2): string[] {
  const describe = (attempt: EgressAttempt) => describeEgress(attempt);
  const [only, ...more] = attempts;
  if (only !== undefined && more.length === 0) return [`Observed: ${describe(only)} on call ${call}`];
  return [`Observed on call ${call}:`, ...attempts.map((attempt) => `  ${describe(attempt)}`)];
}
