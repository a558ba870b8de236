import type { Colors } from './colors.js';
import type { Report } from '../model/report.js';

/**
 * Modes a tool was never seen to perform, one line per tool and property:
 * `  ◌ manage_items: action: only list was exercised (create, delete never succeeded); nothing tighter
 * suggested`. Empty when every tool's modes were all exercised.
 */
export function formatUnexercised(report: Report, colors: Colors): string[] {
  const lines = report.tools.flatMap((tool) =>
    (tool.calls.unexercised ?? []).map(
      (what) => `  ${colors.dim('◌')} ${tool.name}: ${what}; no tighter hint suggested`,
    ),
  );
  if (lines.length === 0) return [];
  return [colors.bold('Not exercised'), ...lines];
}
