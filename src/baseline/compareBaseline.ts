import type { Drift, ToolReport } from '../model/report.js';
import type { Baseline } from './baselineFile.js';

/**
 * Pure: every tool whose observed behaviour differs from the baseline. A behaviour seen now but not then
 * (`added`) fails the run; one no longer seen is reported but does not fail (absence of evidence). A tool
 * missing from the baseline counts as all-new; a tool missing from this run is listed with `after: []`.
 */
export function compareBaseline(baseline: Baseline, tools: readonly ToolReport[]): Drift[] {
  const drift: Drift[] = [];
  for (const tool of tools) {
    const before = baseline.tools[tool.name]?.behaviour ?? [];
    const after = tool.behaviour ?? [];
    if (after.length === 0) continue; // not observed this run: nothing to compare
    const added = after.filter((b) => !before.includes(b));
    if (added.length > 0 || before.some((b) => !after.includes(b)))
      drift.push({ tool: tool.name, before, after, added });
  }
  for (const name of Object.keys(baseline.tools).sort()) {
    if (!tools.some((tool) => tool.name === name)) {
      drift.push({ tool: name, before: baseline.tools[name]!.behaviour, after: [], added: [] });
    }
  }
  return drift;
}
