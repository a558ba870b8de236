/** Largest `before.length × after.length` for which the exact order check runs; beyond it, it answers no. */
const ORDER_CHECK_CELLS = 4_000_000;

/**
 * Whether `matched` elements of `before` and `after` (tokens: equal tokens are equal elements) can be paired in
 * one relative order, i.e. whether their longest common subsequence is `matched` long. Called when the first
 * pairing found crosses, which with repeated values does not yet mean the order changed: `[a, b]` → `[b, a, b]`
 * keeps it. Exact up to `ORDER_CHECK_CELLS`; past it the answer is no (the array is reported as reordered,
 * never silently equal). Pure.
 */
export function hasOrderedMatching(
  before: readonly string[],
  after: readonly string[],
  matched: number,
): boolean {
  if (before.length * after.length > ORDER_CHECK_CELLS) return false;
  let previous = new Int32Array(after.length + 1);
  let current = new Int32Array(after.length + 1);
  for (const token of before) {
    for (let j = 1; j <= after.length; j++) {
      current[j] =
        after[j - 1] === token
          ? (previous[j - 1] as number) + 1
          : Math.max(previous[j] as number, current[j - 1] as number);
    }
    [previous, current] = [current, previous];
  }
  return previous[after.length] === matched;
}
