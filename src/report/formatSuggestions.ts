import { isApplicable } from '../hints/effectiveHints.js';
import { HINT_NAMES } from '../model/hints.js';
import type { Colors } from './colors.js';
import type { Report, ToolReport } from '../model/report.js';
import { plural } from './plural.js';

const SUGGESTION_CAVEAT = 'Suggestions rest on the observations made; absence of evidence is not proof.';

/**
 * For each tool whose suggested hints differ from its effective ones, a copy-pasteable `annotations: { … }`
 * block ("should" when it corrects a contradicted hint, "could" otherwise) and the observations behind each
 * changed value; then the caveat once. Hints that mean nothing under a suggested `readOnlyHint: true` are left
 * out. Empty when every tool already declares what was observed.
 */
export function formatSuggestions(report: Report, colors: Colors): string[] {
  const blocks = report.tools.flatMap((tool) => formatSuggestion(tool, colors));
  if (blocks.length === 0) return [];
  return [colors.bold('Suggested annotations'), ...blocks, colors.dim(`  ${SUGGESTION_CAVEAT}`)];
}

function formatSuggestion(tool: ToolReport, colors: Colors): string[] {
  const applicable = HINT_NAMES.filter((hint) => isApplicable(hint, tool.suggested));
  const differing = applicable.filter((hint) => tool.suggested[hint] !== tool.effective[hint]);
  if (differing.length === 0) return [];
  const corrects = differing.some((hint) => tool.verdicts[hint].status === 'contradicted');
  const annotations = applicable.map((hint) => `${hint}: ${String(tool.suggested[hint])}`).join(', ');
  const basis = differing.map((hint) => {
    const count = tool.suggestedBasis?.[hint];
    return `${hint}: ${String(tool.suggested[hint])}${count === undefined ? '' : ` (${plural(count, 'observation')})`}`;
  });
  return [
    `  ${tool.name} ${corrects ? 'should' : 'could'} declare:`,
    `    annotations: { ${annotations} }`,
    colors.dim(`    changed: ${basis.join(' · ')}`),
  ];
}
