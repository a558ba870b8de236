import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LineHunk } from '../../../../harness/environments/fs/diffLines.js';
import { MAX_LINE_EDITS, diffLines } from '../../../../harness/environments/fs/diffLines.js';
import { NotUnderstood } from '../../../../harness/environments/notUnderstood.js';
import { ParseBudget } from '../../../../harness/environments/parseBudget.js';

const budget = (): ParseBudget => ParseBudget.forInput('text', 1024);

/** `before` with every hunk applied: must give `after` back. */
function apply(before: readonly string[], after: readonly string[], hunks: readonly LineHunk[]): string[] {
  const out: string[] = [];
  let i = 0;
  for (const hunk of hunks) {
    out.push(...before.slice(i, hunk.oldStart));
    out.push(...after.slice(hunk.newStart, hunk.newStart + hunk.inserted));
    i = hunk.oldStart + hunk.removed;
  }
  return [...out, ...before.slice(i)];
}

/** Length of a longest common subsequence, by the textbook table. */
function lcs(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j] as number;
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(up, row[j - 1] as number);
      diagonal = up;
    }
  }
  return row[b.length] as number;
}

const edits = (hunks: readonly LineHunk[]): number => hunks.reduce((n, h) => n + h.removed + h.inserted, 0);

describe('diffLines', () => {
  it('finds inserted lines only, at the top, in the middle and at the end', () => {
    expect(diffLines(['a', 'b'], ['x', 'a', 'y', 'b', 'z'], budget())).toEqual([
      { oldStart: 0, removed: 0, newStart: 0, inserted: 1 },
      { oldStart: 1, removed: 0, newStart: 2, inserted: 1 },
      { oldStart: 2, removed: 0, newStart: 4, inserted: 1 },
    ]);
    expect(diffLines(['a'], ['a'], budget())).toEqual([]);
  });

  it('finds a changed line, a removed one and a move', () => {
    expect(diffLines(['a', 'b', 'c'], ['a', 'B', 'c'], budget())).toEqual([
      { oldStart: 1, removed: 1, newStart: 1, inserted: 1 },
    ]);
    expect(diffLines(['a', 'b', 'c'], ['a', 'c'], budget())).toEqual([
      { oldStart: 1, removed: 1, newStart: 1, inserted: 0 },
    ]);
    expect(edits(diffLines(['a', 'b', 'c'], ['c', 'a', 'b'], budget()))).toBe(2);
  });

  it('gives a shortest edit that turns before into after (property, against the textbook LCS)', () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd', ''), { maxLength: 14 });
    fc.assert(
      fc.property(lines, lines, (before, after) => {
        const hunks = diffLines(before, after, budget());
        expect(apply(before, after, hunks)).toEqual(after);
        expect(edits(hunks)).toBe(before.length + after.length - 2 * lcs(before, after));
      }),
    );
  });

  it('aligns a million inserted lines in one pass, and refuses versions too far apart', () => {
    const many = Array.from({ length: 1_000_000 }, (_, i) => `line ${i % 1000}\n`);
    const hunks = diffLines(['top\n'], ['top\n', ...many], ParseBudget.forInput('text', 8_000_000));
    expect(hunks).toEqual([{ oldStart: 1, removed: 0, newStart: 1, inserted: 1_000_000 }]);
    const apart = Array.from({ length: MAX_LINE_EDITS }, (_, i) => `${i}`);
    const other = apart.map((line) => `${line}!`);
    const ample = (): ParseBudget => new ParseBudget('text', { bytes: 1e9, steps: 1e8, ms: 30_000 });
    expect(() => diffLines(apart, other, ParseBudget.forInput('text', 1_000_000))).toThrow(NotUnderstood);
    expect(() => diffLines(apart, other, ample())).toThrow(
      /not understood as text: its versions differ in more than 2000 inserted or removed lines/,
    );
  });

  it('stops at its budget with NotUnderstood, never runs on', () => {
    const a = Array.from({ length: 600 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 600 }, (_, i) => `b${i}`);
    const tight = new ParseBudget('text', { bytes: 1e9, steps: 1000, ms: 30_000 });
    expect(() => diffLines(a, b, tight)).toThrow(
      /not understood as text: its reading visited more than 1000/,
    );
  });
});
