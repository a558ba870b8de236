import type { Matching } from './matchElements.js';
import { emptyMatching, pairEqual } from './matchElements.js';

/** Largest `before.length × after.length` aligned; past it `alignRecords` answers `undefined`. */
const ALIGN_CELLS = 4_000_000;

/**
 * Pairs the elements of an array's old and new version in one relative order, for records no field
 * identifies uniquely (two entities named alike): an equal element (same `exact` token) counts twice a record
 * of the same weak identity (`weak` token, e.g. `name hp-a`), and the pairing kept is the order-preserving one
 * with the most weight (a weighted longest common subsequence). Elements left over are then paired as before,
 * equal ones first and then by weak identity, first come first served: those pairings cross only when the
 * array was reordered. `[a, a]` → `[a′, a]` (the first of two like records appended to) pairs `a` with `a′` and
 * `a` with `a`, where pairing equal elements first would pair the second `a` with the first and cross.
 * `undefined` past `ALIGN_CELLS`. Pure.
 */
export function alignRecords(
  exact: { readonly before: readonly string[]; readonly after: readonly string[] },
  weak: { readonly before: readonly (string | undefined)[]; readonly after: readonly (string | undefined)[] },
): Matching | undefined {
  const n = exact.before.length;
  const m = exact.after.length;
  if (n * m > ALIGN_CELLS) return undefined;
  const score = (i: number, j: number): number =>
    exact.before[i] === exact.after[j]
      ? 2
      : weak.before[i] !== undefined && weak.before[i] === weak.after[j]
        ? 1
        : 0;
  // best[i][j]: the most weight pairing before[i..] with after[j..] in order.
  const width = m + 1;
  const best = new Int32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const pair = score(i, j);
      const skip = Math.max(best[(i + 1) * width + j] as number, best[i * width + j + 1] as number);
      best[i * width + j] =
        pair > 0 ? Math.max(skip, pair + (best[(i + 1) * width + j + 1] as number)) : skip;
    }
  }
  const matching = emptyMatching(n, m);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const here = best[i * width + j] as number;
    const pair = score(i, j);
    if (pair > 0 && here === pair + (best[(i + 1) * width + j + 1] as number)) {
      matching.partnerOf[j] = i;
      matching.matchedOld[i] = j;
      matching.matched++;
      i++;
      j++;
    } else if (here === best[(i + 1) * width + j]) {
      i++;
    } else {
      j++;
    }
  }
  pairEqual(matching, exact.before, exact.after);
  pairEqual(matching, weak.before, weak.after);
  return matching;
}
