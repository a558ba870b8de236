import type { SeenValue } from '../generate/index.js';

/** The bare placeholder of a sandbox root (`{fs}`): every sandbox has one, so it carries no data flow. */
const ROOT = /^\{[a-z][a-z0-9.]*\}$/i;

/**
 * The tools whose earlier calls supplied values that a successful call of `caller` used: for each string in
 * its arguments, the tool of the first call of the run that answered with it or took it as an argument (the
 * value's first place in the seen values, before this call's own values join it), when that tool is not the
 * caller. These are the producers data flow shows a tool depends on (`request_planning` made the `requestId`
 * that `get_next_task` succeeded with). Pure; in the order the arguments name them, without repeats.
 */
export function suppliersOf(args: unknown, seen: readonly SeenValue[], caller: string): string[] {
  const firstTool = new Map<string, string>();
  for (const entry of seen) {
    const tool = entry.sources?.[0]?.tool;
    if (tool !== undefined && !firstTool.has(entry.value)) firstTool.set(entry.value, tool);
  }
  const suppliers: string[] = [];
  for (const value of stringsIn(args)) {
    const tool = ROOT.test(value) ? undefined : firstTool.get(value);
    if (tool !== undefined && tool !== caller && !suppliers.includes(tool)) suppliers.push(tool);
  }
  return suppliers;
}

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsIn);
  return [];
}
