import { describe, expect, it } from 'vitest';
import type { ArgumentGuard } from '../../../../src/generate/index.js';
import type { PlannedCall, Resolver, RunResult } from '../../../../src/engine/run/runTypes.js';
import { ShrinkMemo } from '../../../../src/engine/confirm/shrinkMemo.js';

const ANY: ArgumentGuard = { validate: () => ({ valid: true }) };

/** A planned call whose `id` is a choice: an index into the ids the session has seen, or a fallback. */
function call(tool: string, args: Record<string, unknown>): PlannedCall {
  return { tool, args, guard: ANY };
}

/** How a session that has seen `ids` resolves a call (index modulo the ids; the fallback when none). */
function seeing(ids: readonly string[]): Resolver {
  return (planned) => {
    const { index, fallback, ...rest } = planned.args as { index?: number; fallback?: string };
    if (index === undefined) return { ...rest };
    return { ...rest, id: ids.length === 0 ? fallback : ids[index % ids.length] };
  };
}

/** The run a session made of `preamble` and `target`, with the resolvers it took before each call. */
function ran(
  preamble: readonly PlannedCall[],
  target: PlannedCall,
  resolvers: readonly Resolver[],
): RunResult {
  const made = [...preamble, target].map((planned, i) => (resolvers[i] as Resolver)(planned));
  return {
    steps: preamble.map((planned, i) => ({
      tool: planned.tool,
      args: made[i] as Record<string, unknown>,
      outcome: 'returned',
      changes: [],
    })),
    observation: {
      tool: target.tool,
      args: made[preamble.length] as Record<string, unknown>,
      call1: { outcome: { status: 'returned', isError: false, text: 'ok' }, changes: [] },
      excluded: [],
    },
    existing: new Set(),
  };
}

describe('ShrinkMemo', () => {
  const add = call('add', { name: 'a' });
  const resolvers = [seeing([]), seeing(['i1'])];

  it('knows nothing before a run is recorded', () => {
    expect(new ShrinkMemo().lookup([add], call('get', { index: 3, fallback: 'x' }))).toBeUndefined();
  });

  it('a candidate that makes the very calls of a recorded run is that run', () => {
    const memo = new ShrinkMemo();
    const target = call('get', { index: 30, fallback: 'hp-cg2.json' });
    const result = ran([add], target, resolvers);
    memo.record([add], target, resolvers, result);
    // Another index and fallback: with one id seen, the choice still picks i1.
    expect(memo.lookup([add], call('get', { index: 0, fallback: '{fs}' }))).toBe(result);
  });

  it('a candidate whose calls differ anywhere is not known', () => {
    const memo = new ShrinkMemo();
    const target = call('get', { index: 30, fallback: 'hp-cg2.json' });
    memo.record([add], target, resolvers, ran([add], target, resolvers));
    // Without the add, the choice falls back: another call.
    expect(memo.lookup([], target)).toBeUndefined();
    // Another preamble call, or another tool.
    expect(memo.lookup([call('add', { name: 'b' })], target)).toBeUndefined();
    expect(memo.lookup([add], call('remove', { index: 0, fallback: 'x' }))).toBeUndefined();
    // The same call as a preamble step (made once) is not the command (made twice).
    expect(memo.lookup([add, target], call('get', { index: 1, fallback: 'y' }))).toBeUndefined();
  });

  it('a candidate is resolved as the run it follows resolved at the same point', () => {
    const memo = new ShrinkMemo();
    const target = call('get', { index: 1, fallback: 'x' });
    const two = [seeing([]), seeing(['i1']), seeing(['i1', 'i2'])];
    const result = ran([add, add], target, two);
    expect(result.observation?.args).toEqual({ id: 'i2' });
    memo.record([add, add], target, two, result);
    // Index 3 picks i2 of the two ids seen after both adds; index 2 picks i1.
    expect(memo.lookup([add, add], call('get', { index: 3, fallback: 'z' }))).toBe(result);
    expect(memo.lookup([add, add], call('get', { index: 2, fallback: 'x' }))).toBeUndefined();
  });

  it('a run that did not make every call is not recorded', () => {
    const memo = new ShrinkMemo();
    const target = call('get', { index: 0, fallback: 'x' });
    const died = { ...ran([add], target, resolvers), aborted: 'the server died during preamble step 1' };
    memo.record([add], target, resolvers, died);
    expect(memo.lookup([add], target)).toBeUndefined();
  });
});
