import { isApplicable } from '../hints/effectiveHints.js';
import { HINT_NAMES } from '../hints/hints.js';
import type { HintName } from '../hints/hints.js';
import type { Colors } from './colors.js';
import type { Report, ToolReport } from './model.js';
import { plural } from './plural.js';

export const SUGGESTION_CAVEAT =
  'Suggestions rest on the observations made; absence of evidence is not proof.';

/**
 * One line per tool whose suggested hints differ from its effective ones, then the caveat once:
 * `  list_notes could declare: { readOnlyHint: true } (25 successful observations)`.
 * "should" when the change corrects a contradicted hint. Hints that mean nothing under the suggested
 * `readOnlyHint: true` are left out. Empty when every tool already declares what was observed.
 */
export function formatSuggestions(report: Report, colors: Colors): string[] {
  const lines = report.tools.flatMap((tool) => {
    const line = formatSuggestion(tool);
    return line === undefined ? [] : [`  ${line}`];
  });
  if (lines.length === 0) return [];
  return [colors.bold('Suggestions'), ...lines, colors.dim(`  ${SUGGESTION_CAVEAT}`)];
}

function formatSuggestion(tool: ToolReport): string | undefined {
  const differing = HINT_NAMES.filter(
    (hint) => tool.suggested[hint] !== tool.effective[hint] && isApplicable(hint, tool.suggested),
  );
  if (differing.length === 0) return undefined;
  const corrects = differing.some((hint) => tool.verdicts[hint].status === 'contradicted');
  const hints = differing.map((hint) => `${hint}: ${String(tool.suggested[hint])}`).join(', ');
  const backing = observationsBehind(tool, differing);
  const count = backing === undefined ? '' : ` (${plural(backing, 'successful observation')})`;
  return `${tool.name} ${corrects ? 'should' : 'could'} declare: { ${hints} }${count}`;
}

/** The fewest successful observations behind any of the suggested hints, when their verdicts say. */
function observationsBehind(tool: ToolReport, hints: readonly HintName[]): number | undefined {
  const counts = hints.flatMap((hint) => {
    const verdict = tool.verdicts[hint];
    return verdict.status === 'consistent' ? [verdict.observations] : [];
  });
  return counts.length === 0 ? undefined : Math.min(...counts);
}
