import type { Colors } from './colors.js';
import { formatArgs } from './formatArgs.js';
import { formatChange } from './formatChange.js';
import type { Report } from '../model/report.js';

/**
 * Contradictions seen in a session that no replay from a fresh sandbox reproduced: never verdicts, never
 * dropped. Per tool and hint, what the session saw and what each replay showed. Empty when there were none.
 */
export function formatFlaky(report: Report, colors: Colors): string[] {
  const lines: string[] = [];
  for (const tool of report.tools) {
    for (const flaky of tool.flaky ?? []) {
      lines.push(`  ${colors.yellow('~')} ${tool.name} ${flaky.hint}: ${flaky.title}`);
      lines.push(`      args ${formatArgs(flaky.args)}, after ${flaky.history} earlier calls in its session`);
      for (const change of flaky.changes.slice(0, 3)) lines.push(`      ${formatChange(change)}`);
      for (const replay of flaky.replays) lines.push(`      ${colors.dim(replay)}`);
    }
  }
  if (lines.length === 0) return [];
  return [colors.bold('Seen once, not reproduced from a fresh sandbox (not verdicts)'), ...lines];
}
