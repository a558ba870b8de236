import type { Colors } from './colors.js';
import type { Report } from '../model/report.js';

/**
 * The server's own reads hintproof watched its state through, and those it left out with why:
 * `  · list_items (tool)`, `  ~ clock (tool): left out: its whole output changes on its own`. Empty when the
 * server offered none.
 */
export function formatObservers(report: Report, colors: Colors): string[] {
  const observers = report.observers;
  if (observers === undefined) return [];
  const lines = [
    ...observers.used.map(({ name, kind }) => `  ${colors.dim('·')} ${name} (${kind})`),
    ...observers.dropped.map(
      ({ name, kind, reason }) => `  ${colors.yellow('~')} ${name} (${kind}): left out: ${reason}`,
    ),
    ...(observers.problem === undefined ? [] : [`  ${colors.yellow('~')} ${observers.problem}`]),
  ];
  return [colors.bold("Observed through the server's own reads (before and after every call)"), ...lines];
}
