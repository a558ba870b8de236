import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  extendRunPool,
  liveChoice,
  resolveLiveChoices,
  valuesIn,
  valuesInResult,
} from '../../../src/generate/index.js';

describe('the run pool', () => {
  it('takes string leaves of arguments, their kind from the nearest property name', () => {
    expect(
      valuesIn({
        path: '{fs}/a.md',
        noteId: 'n-1',
        name: 'todo',
        lines: ['x'],
        nested: { user_id: 'u7' },
        n: 3,
      }),
    ).toEqual([
      { kind: 'path', value: '{fs}/a.md' },
      { kind: 'identifier', value: 'n-1' },
      { kind: 'name', value: 'todo' },
      { kind: 'text', value: 'x' },
      { kind: 'identifier', value: 'u7' },
    ]);
  });

  it('takes values from structuredContent and from text content that is JSON, or short text', () => {
    const result = {
      content: [
        { type: 'text', text: '{"entities":[{"name":"Alice"},{"name":"Bob"}]}' },
        { type: 'text', text: 'saved todo.md' },
        { type: 'image', data: 'AAAA' },
      ],
      structuredContent: { id: 'row-9' },
    };
    expect(valuesInResult(result)).toEqual([
      { kind: 'identifier', value: 'row-9' },
      { kind: 'name', value: 'Alice' },
      { kind: 'name', value: 'Bob' },
      { kind: 'text', value: 'saved todo.md' },
    ]);
    expect(valuesInResult(undefined)).toEqual([]);
    expect(valuesInResult({ content: 'odd' })).toEqual([]);
  });

  it('grows without duplicates, first seen first, and stays bounded', () => {
    const pool = extendRunPool(
      [{ kind: 'name', value: 'a' }],
      [
        { kind: 'name', value: 'a' },
        { kind: 'name', value: 'b' },
      ],
    );
    expect(pool).toEqual([
      { kind: 'name', value: 'a' },
      { kind: 'name', value: 'b' },
    ]);
    const many = Array.from({ length: 500 }, (_, i) => ({ kind: 'text' as const, value: String(i) }));
    expect(extendRunPool([], many)).toHaveLength(200);
  });

  it('resolves live choices at call time, from the pool as it is then, deterministically', () => {
    const arbitrary = fc.record({
      name: liveChoice(['name'], fc.constant('hp-new'), (value) => value.length <= 5),
      content: fc.constant('text'),
    });
    const args = fc.sample(arbitrary, { seed: 4, numRuns: 1 })[0]!;
    // Before any call the pool is empty: the fallback is sent.
    expect(resolveLiveChoices(args, [])).toEqual({ name: 'hp-new', content: 'text' });
    // After a response named entities, the same generated choice picks one that fits the schema.
    const pool = extendRunPool(
      [],
      valuesInResult({ content: [{ type: 'text', text: '["Alice","Bob","Christopher"]' }] }),
    );
    const named = extendRunPool(
      [],
      pool.map((entry) => ({ ...entry, kind: 'name' as const })),
    );
    const resolved = resolveLiveChoices(args, named);
    expect(['Alice', 'Bob']).toContain(resolved.name);
    expect(resolveLiveChoices(args, named)).toEqual(resolved);
    expect(JSON.parse(JSON.stringify(resolved))).toEqual(resolved);
  });
});
