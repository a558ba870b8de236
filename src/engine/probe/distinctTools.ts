import type { DuplicateTool } from '../../model/report.js';

/**
 * The tools with distinct names, each the first the server listed under its name, and the names listed more
 * than once (a server must name its tools uniquely: a client cannot tell which one a call reaches).
 */
export function distinctTools<T extends { readonly name: string }>(
  tools: readonly T[],
): { tools: T[]; duplicates: DuplicateTool[] } {
  const counts = new Map<string, number>();
  const first: T[] = [];
  for (const tool of tools) {
    const seen = counts.get(tool.name) ?? 0;
    counts.set(tool.name, seen + 1);
    if (seen === 0) first.push(tool);
  }
  const duplicates = [...counts]
    .filter(([, listed]) => listed > 1)
    .map(([name, listed]) => ({ name, listed }));
  return { tools: first, duplicates };
}
