import type { Colors } from './colors.js';
import type { DuplicateTool, Report } from '../model/report.js';

/** One name the server gave several tools, in words (the name as the caller shows it: inert, or code). */
export function duplicateLine(duplicate: DuplicateTool, name: string): string {
  const others = duplicate.listed - 1;
  return (
    `${name}: the server lists ${duplicate.listed} tools under this name; the first was checked, ` +
    `the other ${others === 1 ? 'one was' : `${others} were`} skipped (a call names a tool: which one it reaches is the server's choice)`
  );
}

/** Names the server gave several of its tools, each with what was checked. Empty when every name is unique. */
export function formatDuplicates(report: Report, colors: Colors): string[] {
  const duplicates = report.duplicateTools ?? [];
  if (duplicates.length === 0) return [];
  return [
    colors.bold(`Duplicate tool names (${duplicates.length}): tool names must be unique`),
    ...duplicates.map((duplicate) => `  ${colors.red('!')} ${duplicateLine(duplicate, duplicate.name)}`),
  ];
}
