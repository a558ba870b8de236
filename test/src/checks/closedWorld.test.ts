import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerDifferences } from '../../../src/checks/answerDifferences.js';
import { closedWorldCandidate } from '../../../src/checks/closedWorld.js';
import { effectiveHints } from '../../../src/hints/effectiveHints.js';
import type { CallOutcome } from '../../../src/model/callOutcome.js';
import { change, observe } from '../engine/observationFixtures.js';

const answer = (text: string): CallOutcome => ({ status: 'returned', isError: false, text });
const closed = effectiveHints({ readOnlyHint: true, openWorldHint: false });
const open = effectiveHints({ readOnlyHint: true, openWorldHint: true });

describe('answerDifferences', () => {
  it('finds a die rolled twice, in JSON and in words', () => {
    expect(answerDifferences('{"roll":4}', '{"roll":2}', true)).toEqual(['."roll": 4 → 2']);
    expect(answerDifferences('You rolled 4', 'You rolled 2', true)).toEqual([
      'line 1: You rolled 4 → You rolled 2',
    ]);
    expect(answerDifferences('heads', 'tails', false)).toEqual(['line 1: heads → tails']);
  });

  const tickets = [
    '{"id":"3f2a9c1e-0b7d-4e8a-9c2f-5d6e7f8a9b0c","at":"2026-12-07T20:13:19.120Z","text":"hi"}',
    '{"id":"7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f","at":"2026-12-07T20:13:20.431Z","text":"hi"}',
  ] as const;
  const saved = ['Saved as n_a8f3k2x9 at 2026-12-07 20:13:19', 'Saved as n_q0w7e2r4 at 2026-12-07 20:14:02'];
  /** Pairs of answers in one state, whether the second came from the same process, and whether they differ. */
  const byDesign: ReadonlyArray<readonly [string, string, string, boolean, boolean]> = [
    ['a UUID and an ISO time, in JSON', ...tickets, false, false],
    ['an id and a spaced time, in words', saved[0]!, saved[1]!, false, false],
    ['epoch ms', '{"ts":1765138399123}', '{"ts":1765138400456}', false, false],
    // A trace counter that observers' reads also moved: across processes too.
    ['ids numbered in sequence', '{"traceId":"trace-5"}', '{"traceId":"trace-9"}', false, false],
    ['ids of another name', '{"traceId":"trace-5"}', '{"traceId":"span-5"}', false, true],
    ['an id beside a word that changed', 'n_a8f3k2x9 red', 'n_q0w7e2r4 blue', false, true],
    ['a duration', '3 rows in 12ms', '3 rows in 4ms', false, false],
    ['an age', 'edited 5 minutes ago', 'edited 4 minutes ago', false, false],
    ['a duration in JSON', '{"took":"1.5 s"}', '{"took":"0.9 s"}', false, false],
    ['a count beside a duration', '3 rows in 12ms', '4 rows in 12ms', false, true],
    ['a counter that grew in one process', '{"count":5}', '{"count":6}', true, false],
    ['a numbered request in one process', 'Request #41 served', 'Request #42 served', true, false],
    ['a counter that fell', '{"count":6}', '{"count":5}', true, true],
    ['a number that grew across processes', '{"count":5}', '{"count":6}', false, true],
  ];

  it.each(byDesign)('%s', (_what, first, second, ordered, differs) => {
    expect(answerDifferences(first, second, ordered).length > 0).toBe(differs);
  });

  it('compares lists as multisets: another order is the same answer', () => {
    expect(answerDifferences('["a.md","b.md","c.md"]', '["c.md","a.md","b.md"]', false)).toEqual([]);
    expect(answerDifferences('a.md\nb.md\nc.md', 'b.md\nc.md\na.md', false)).toEqual([]);
    expect(answerDifferences('[{"n":"a"},{"n":"b"}]', '[{"n":"b"},{"n":"c"}]', false)).toEqual([
      '[]."n": a → c',
    ]);
    expect(answerDifferences('a.md\nb.md', 'a.md\nb.md\nc.md', false)).toEqual(['line 3: (none) → c.md']);
  });

  it('is empty for any answer compared with itself, and symmetric across processes (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), fc.oneof(fc.string(), fc.json()), (a, b) => {
        expect(answerDifferences(a, a, true)).toEqual([]);
        expect(answerDifferences(a, b, false).length === 0).toBe(answerDifferences(b, a, false).length === 0);
      }),
    );
  });
});

describe('closedWorldCandidate', () => {
  const twice = (first: string, second: string, changes = false) =>
    observe(
      { outcome: answer(first), changes: changes ? [change('modify')] : [] },
      { outcome: answer(second) },
    );

  it('is a closed-world tool answering its repeat otherwise, the first call having changed nothing', () => {
    expect(closedWorldCandidate(closed, twice('rolled 4', 'rolled 2'))).toEqual({
      differences: ['line 1: rolled 4 → rolled 2'],
    });
  });

  it('is nothing for an open-world tool, a call that changed state, a counter, or a failed call', () => {
    expect(closedWorldCandidate(open, twice('rolled 4', 'rolled 2'))).toBeUndefined();
    expect(closedWorldCandidate(closed, twice('rolled 4', 'rolled 2', true))).toBeUndefined();
    expect(closedWorldCandidate(closed, twice('count: 5', 'count: 6'))).toBeUndefined();
    expect(closedWorldCandidate(closed, twice('Error: no dice', 'rolled 2'))).toBeUndefined();
    expect(
      closedWorldCandidate(
        closed,
        observe(
          { outcome: answer('rolled 4') },
          { outcome: { status: 'returned', isError: true, text: 'x' } },
        ),
      ),
    ).toBeUndefined();
  });

  it('is nothing when something changed on its own around the command', () => {
    const observation = { ...twice('rolled 4', 'rolled 2'), excluded: [change('modify', 'clock.txt')] };
    expect(closedWorldCandidate(closed, observation)).toBeUndefined();
  });
});
