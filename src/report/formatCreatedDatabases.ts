import type { Colors } from './colors.js';
import type { Report } from '../model/report.js';

/**
 * The databases the server made in the Postgres cluster outside its own, each dropped or left with the
 * reason. Empty when it made none.
 */
export function formatCreatedDatabases(report: Report, colors: Colors): string[] {
  const made = report.createdDatabases ?? [];
  if (made.length === 0) return [];
  return [
    colors.bold(`Databases the server made in the cluster, outside its sandbox (${made.length})`),
    ...made.map((database) =>
      database.dropped
        ? `  ${database.name}: dropped`
        : `  ${colors.red(database.name)}: ${database.note ?? 'not dropped'}`,
    ),
  ];
}
