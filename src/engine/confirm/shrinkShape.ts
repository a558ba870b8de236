import { stableStringify } from '../../generate/stableStringify.js';
import type { PlannedCall } from '../run/runTypes.js';

/**
 * What a shrink candidate changes that makes a counterexample smaller: the calls it makes, their tools, and
 * their arguments with every string taken as its length. Two candidates of one shape differ only in which
 * characters their strings hold (`"7"` and `"!"`): fast-check walks a character down one code point range at a
 * time, each step a fresh sandbox, and the counterexample it ends with says nothing more than the one before. A
 * shrink skips a candidate of the shape of the counterexample it holds (`searchRound`).
 */
export function shrinkShape(calls: readonly PlannedCall[]): string {
  return stableStringify(calls.map((call) => [call.tool, shapeOf(call.args)]));
}

function shapeOf(value: unknown): unknown {
  if (typeof value === 'string') return { length: [...value].length };
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]));
  }
  return value;
}
