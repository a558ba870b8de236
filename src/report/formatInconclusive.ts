import { HINT_NAMES } from '../model/hints.js';
import type { HintName } from '../model/hints.js';
import type { Colors } from './colors.js';
import type { Report, ToolReport } from '../model/report.js';
import { withSamples } from './formatSample.js';

/**
 * Inconclusive verdicts with their reasons, one line per tool and reason:
 * `  ? search_remote (readOnlyHint): every call failed (sample: isError: backend unavailable)`, a sample
 * whose text is JSON pretty-printed over the lines after.
 * Empty when there are none.
 */
export function formatInconclusive(report: Report, colors: Colors): string[] {
  const lines = report.tools.flatMap((tool) =>
    [...reasonsOf(tool)].flatMap(([reason, hints]) =>
      withSamples(
        `  ${colors.yellow('?')} ${tool.name} (${hints.join(', ')}): ${withSample(reason, tool)}`,
        tool.sampleError === undefined ? [] : [tool.sampleError],
        '      ',
      ).split('\n'),
    ),
  );
  if (lines.length === 0) return [];
  return [colors.bold('Inconclusive (no evidence either way)'), ...lines];
}

/** The tool's inconclusive hints grouped by reason, in hint order. */
function reasonsOf(tool: ToolReport): Map<string, HintName[]> {
  const byReason = new Map<string, HintName[]>();
  for (const hint of HINT_NAMES) {
    const verdict = tool.verdicts[hint];
    if (verdict.status !== 'inconclusive') continue;
    byReason.set(verdict.reason, [...(byReason.get(verdict.reason) ?? []), hint]);
  }
  return byReason;
}

function withSample(reason: string, tool: ToolReport): string {
  const sample = tool.sampleError;
  return sample === undefined || reason.includes(sample) ? reason : `${reason} (sample: ${sample})`;
}
