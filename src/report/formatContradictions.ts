import type { Change } from '../../harness/index.js';
import type { EgressAttempt } from '../../harness/process/index.js';
import { describeEgress } from '../../harness/process/index.js';
import { HINT_NAMES } from '../model/hints.js';
import type { HintName } from '../model/hints.js';
import type { Colors } from './colors.js';
import { formatArgs } from './formatArgs.js';
import { formatChange, formatChanges } from './formatChange.js';
import { formatPreamble } from './formatPreamble.js';
import { withSamples } from './formatSample.js';
import type { Evidence, Report, ToolReport } from '../model/report.js';

/** Arguments in a contradiction are shrunk, so they are shown almost whole; the replay command has them all. */
const EVIDENCE_ARGS_MAX_LENGTH = 1000;

/**
 * Every contradiction, numbered, in tool order then hint order:
 *
 * ```
 * 1) read_note claims readOnlyHint: true but changed the sandbox
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
  const blocks: string[][] = [];
  for (const tool of report.tools) {
    for (const hint of HINT_NAMES) {
      const verdict = tool.verdicts[hint];
      if (verdict.status !== 'contradicted') continue;
      blocks.push(formatBlock(blocks.length + 1, tool, hint, verdict.evidence, colors));
    }
  }
  if (blocks.length === 0) return [];
  return [colors.bold('Contradictions'), ...blocks.flatMap((block, i) => (i === 0 ? block : ['', ...block]))];
}

function formatBlock(
  number: number,
  tool: ToolReport,
  hint: HintName,
  evidence: Evidence,
  colors: Colors,
): string[] {
  const head = `${number}) `;
  const indent = ' '.repeat(head.length);
  const declaredByDefault = tool.declared?.[hint] === undefined ? ' (spec default)' : '';
  const lines = [
    `Declared: ${tool.declared === null ? '(none)' : JSON.stringify(tool.declared)}`,
    `Effective: ${hint}=${String(tool.effective[hint])}${declaredByDefault}`,
    ...(evidence.egress && evidence.egress.length > 0
      ? formatEgress(evidence.egress, evidence.call)
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
