import { HINT_NAMES } from '../model/hints.js';
import type { Colors } from './colors.js';
import type { Report } from '../model/report.js';

/**
 * Hints hintproof could not check, one line per hint and reason:
 * `  · openWorldHint in all 6 tools: no egress check yet`. Empty when every hint was checked.
 */
export function formatUnchecked(report: Report, colors: Colors): string[] {
  const lines: string[] = [];
  for (const hint of HINT_NAMES) {
    const toolsByReason = new Map<string, string[]>();
    for (const tool of report.tools) {
      const verdict = tool.verdicts[hint];
      if (verdict.status !== 'unchecked') continue;
      toolsByReason.set(verdict.reason, [...(toolsByReason.get(verdict.reason) ?? []), tool.name]);
    }
    for (const [reason, tools] of toolsByReason) {
      const where =
        tools.length === report.tools.length && tools.length > 1
          ? `all ${tools.length} tools`
          : tools.join(', ');
      lines.push(`  ${colors.dim('·')} ${hint} in ${where}: ${reason}`);
    }
  }
  if (lines.length === 0) return [];
  return [colors.bold('Unchecked'), ...lines];
}
