import { NotUnderstood } from '../notUnderstood.js';
import type { ParseBudget } from '../parseBudget.js';

/**
 * Most lines inserted plus removed that `diffLines` aligns with Myers' algorithm (its trace holds about the
 * square of this many numbers: 16 MiB). Versions further apart, other than by inserted lines only, are
 * compared as bytes: they are certainly not an insertion, and a listing of thousands of lines helps no one.
 */
export const MAX_LINE_EDITS = 2000;

/** One run of lines that differ: `removed` old lines from `oldStart`, replaced by `inserted` from `newStart`. */
export interface LineHunk {
  /** 0-based index of the first old line removed (or of the old line the insertion comes before). */
  readonly oldStart: number;
  readonly removed: number;
  /** 0-based index of the first new line inserted (or of the new line the removal comes before). */
  readonly newStart: number;
  readonly inserted: number;
}

/**
 * The runs of lines that differ between `before` and `after` (lines compared whole, terminators included),
 * in order; none when they are equal. A shortest edit: the common first and last lines are set aside, then
 * an old middle that is a subsequence of the new one (lines only inserted, anywhere) is aligned in one linear
 * pass, and any other middle by Myers' O((N+M)·D) algorithm, D at most `MAX_LINE_EDITS`. Every line and every
 * diagonal visited is a step of `budget`, the trace's memory is spent from it; past either, or past
 * `MAX_LINE_EDITS`, it throws NotUnderstood (`text`). Pure.
 */
export function diffLines(
  before: readonly string[],
  after: readonly string[],
  budget: ParseBudget,
): LineHunk[] {
  const ids = new Map<string, number>();
  const intern = (lines: readonly string[]): Int32Array => {
    const out = new Int32Array(lines.length);
    lines.forEach((line, i) => {
      let id = ids.get(line);
      if (id === undefined) ids.set(line, (id = ids.size));
      out[i] = id;
    });
    return out;
  };
  budget.spend(4 * (before.length + after.length), 'numbering the lines');
  const a = intern(before);
  const b = intern(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end])
    end++;
  const oldMiddle = a.subarray(start, a.length - end);
  const newMiddle = b.subarray(start, b.length - end);
  const ops = insertedOnly(oldMiddle, newMiddle) ?? myers(oldMiddle, newMiddle, budget);
  return hunks(ops, start);
}

/** One step of an edit script: a line kept (`=`), inserted (`+`) or removed (`-`). */
type Op = '=' | '+' | '-';

/** The script that inserts lines only, when `a` is a subsequence of `b` (leftmost alignment), else undefined. */
function insertedOnly(a: Int32Array, b: Int32Array): Op[] | undefined {
  if (a.length > b.length) return undefined;
  const ops: Op[] = [];
  let i = 0;
  for (let j = 0; j < b.length; j++) {
    if (i < a.length && a[i] === b[j]) {
      ops.push('=');
      i++;
    } else ops.push('+');
  }
  return i === a.length ? ops : undefined;
}

/** A shortest edit script from `a` to `b` (Myers 1986, forward, with a trace for the way back). */
function myers(a: Int32Array, b: Int32Array, budget: ParseBudget): Op[] {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_LINE_EDITS);
  const offset = max + 1;
  // v[offset + k]: the furthest x reached on diagonal k (y = x - k).
  const v = new Int32Array(2 * max + 3);
  // trace[d]: v before round d, for diagonals -d..d.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    budget.spend(4 * (2 * d + 1), 'the line diff trace');
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      budget.step();
      let x =
        k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number))
          ? (v[offset + k + 1] as number)
          : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      let slid = 0;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
        if (++slid % 256 === 0) budget.step();
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, d, n, m);
    }
  }
  throw new NotUnderstood(
    'text',
    `its versions differ in more than ${MAX_LINE_EDITS} inserted or removed lines, not by insertions only`,
  );
}

function backtrack(trace: readonly Int32Array[], depth: number, n: number, m: number): Op[] {
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = depth; d > 0; d--) {
    const before = trace[d] as Int32Array;
    const at = (k: number): number => before[k + d] as number;
    const k = x - y;
    const previousK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      ops.push('=');
      x--;
      y--;
    }
    ops.push(x === previousX ? '+' : '-');
    x = previousX;
    y = previousY;
  }
  while (x > 0 && y > 0) {
    ops.push('=');
    x--;
    y--;
  }
  return ops.reverse();
}

/** The runs of `+` and `-` of a script whose first op is at line `start` of both versions. */
function hunks(ops: readonly Op[], start: number): LineHunk[] {
  const found: LineHunk[] = [];
  let i = start;
  let j = start;
  let at = 0;
  while (at < ops.length) {
    if (ops[at] === '=') {
      i++;
      j++;
      at++;
      continue;
    }
    const hunk = { oldStart: i, removed: 0, newStart: j, inserted: 0 };
    for (; at < ops.length && ops[at] !== '='; at++) {
      if (ops[at] === '-') hunk.removed++;
      else hunk.inserted++;
    }
    i += hunk.removed;
    j += hunk.inserted;
    found.push(hunk);
  }
  return found;
}
