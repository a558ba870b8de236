import type { Colors } from './colors.js';
import { formatChange } from './formatChange.js';
import type { Report } from './model.js';

/** Changes seen while no tool ran, which no verdict counts. Empty when there were none. */
export function formatAmbient(report: Report, colors: Colors): string[] {
  if (report.ambient.length === 0) return [];
  return [
    colors.bold('Ambient changes (seen while no tool ran; excluded from every verdict)'),
    ...report.ambient.map((change) => `  ${formatChange(change)}`),
  ];
}
