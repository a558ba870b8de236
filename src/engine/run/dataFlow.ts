import type { SeenValue } from '../../generate/index.js';
import type { MadeCall } from './runTypes.js';

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
    // `''`: a value the server showed before any call (a resource listed at the start), made by no tool.
    if (tool !== undefined && tool !== '' && !firstTool.has(entry.value)) firstTool.set(entry.value, tool);
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

/**
 * The calls of a history that the values in `args` came from, followed back: for each string or number, the
 * earlier calls among `candidates` (history indices, ascending) that changed state taking it as an argument,
 * back to the latest that answered with it (which made it); then the same for those calls' own arguments.
 * The calls a contradiction most likely needs (`add_bookmark` answering `b1` before `visit_bookmark {id:
 * "b1"}`), tried first when a confirmation drops history. Pure; ascending; empty when no such call was made.
 */
export function suppliersInHistory(
  candidates: readonly number[],
  history: readonly MadeCall[],
  args: readonly unknown[],
): number[] {
  const wanted = new Set(args.flatMap(leavesIn).filter((value) => !ROOT.test(value)));
  const chosen: number[] = [];
  for (const index of [...candidates].reverse()) {
    const call = history[index];
    if (call === undefined || call.changed === false || wanted.size === 0) continue;
    const own = leavesIn(call.args);
    const answered = [...wanted].filter((value) =>
      (call.answered ?? []).some((text) => mentions(text, value)),
    );
    const taken = [...wanted].filter((value) => own.includes(value));
    if (answered.length + taken.length === 0) continue;
    chosen.unshift(index);
    for (const value of answered) wanted.delete(value);
    for (const value of own) if (!ROOT.test(value) && !taken.includes(value)) wanted.add(value);
  }
  return chosen;
}

/** The strings and numbers (as text) in a value. */
function leavesIn(value: unknown): string[] {
  if (typeof value === 'number') return [String(value)];
  if (typeof value !== 'object' || value === null) return stringsIn(value);
  return Object.values(value).flatMap(leavesIn);
}

/** Whether an answer's text is `value` or names it as a word of its own (`b1` in "added b1", not in "b10"). */
function mentions(text: string, value: string): boolean {
  if (text === value) return true;
  if (value.length < 2) return false;
  const at = text.indexOf(value);
  if (at < 0) return false;
  const edge = (char: string | undefined) => char === undefined || !/[\w-]/.test(char);
  for (let from = at; from >= 0; from = text.indexOf(value, from + 1)) {
    if (edge(text[from - 1]) && edge(text[from + value.length])) return true;
  }
  return false;
}
