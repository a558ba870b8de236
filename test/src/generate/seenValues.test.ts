import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  argumentsFor,
  extendSeenValues,
  LiveChoice,
  LiveRecord,
  liveChoice,
  liveRecord,
  recordsIn,
  resolveLiveChoices,
  valuesIn,
  valuesInArguments,
} from '../../../src/generate/index.js';

describe('the seen values', () => {
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
      { kind: 'path', value: '{fs}/a.md', names: ['path'] },
      { kind: 'identifier', value: 'n-1', names: ['noteid'] },
      { kind: 'name', value: 'todo', names: ['name'] },
      { kind: 'text', value: 'x', names: ['lines'] },
      { kind: 'identifier', value: 'u7', names: ['userid'] },
    ]);
  });

  it('takes the paths a tool that works on directories accepted as directories', () => {
    const args = { path: '{fs}/notes', dir: 'out', name: 'x' };
    expect(valuesInArguments(args, 'create_directory')).toEqual([
      { kind: 'directory', value: '{fs}/notes', names: ['path'] },
      { kind: 'directory', value: 'out', names: ['dir'] },
      { kind: 'name', value: 'x', names: ['name'] },
    ]);
    expect(valuesInArguments(args, 'write_file')).toEqual([
      { kind: 'path', value: '{fs}/notes', names: ['path'] },
      { kind: 'directory', value: 'out', names: ['dir'] },
      { kind: 'name', value: 'x', names: ['name'] },
    ]);
  });

  it('grows without duplicates, first seen first, and stays bounded', () => {
    const pool = extendSeenValues(
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
    expect(extendSeenValues([], many)).toHaveLength(200);
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
    const pool = extendSeenValues([], valuesIn(['Alice', 'Bob', 'Christopher']));
    const named = extendSeenValues(
      [],
      pool.map((entry) => ({ ...entry, kind: 'name' as const })),
    );
    const resolved = resolveLiveChoices(args, named);
    expect(['Alice', 'Bob']).toContain(resolved.name);
    expect(resolveLiveChoices(args, named)).toEqual(resolved);
    expect(JSON.parse(JSON.stringify(resolved))).toEqual(resolved);
  });

  it('collects every object of arguments and answers, nested ones included', () => {
    const relation = { from: 'a', to: 'b', relationType: 'knows' };
    expect(recordsIn({ relations: [relation, 'x'] })).toEqual([{ relations: [relation, 'x'] }, relation]);
    expect(recordsIn(['a', 3, null])).toEqual([]);
  });

  it('resolves a live record to a whole object the run saw that the schema accepts, else its fallback', () => {
    const arbitrary = liveRecord(fc.constant({ from: 'x', to: 'y', relationType: 'r' }), (value) => {
      const record = value as Record<string, unknown>;
      return typeof record.from === 'string' && typeof record.to === 'string' && 'relationType' in record;
    });
    const choice = fc.sample(arbitrary, { seed: 1, numRuns: 1 })[0]!;
    expect(choice).toBeInstanceOf(LiveRecord);
    expect(resolveLiveChoices({ relations: [choice] }, [])).toEqual({
      relations: [{ from: 'x', to: 'y', relationType: 'r' }],
    });
    const seen = { from: 'alice', to: 'bob', relationType: 'knows' };
    const records = recordsIn({ relations: [seen] });
    const resolved = resolveLiveChoices({ relations: [choice] }, [], records);
    expect(resolved).toEqual({ relations: [seen] });
    // A copy: what the server receives cannot alter the run's records.
    expect(resolved.relations[0]).not.toBe(seen);
  });

  it('with live generation, nested objects and names may be live; resolved with nothing seen they are valid', () => {
    const tool = {
      name: 'delete_relations',
      inputSchema: {
        type: 'object',
        properties: {
          relations: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                from: { type: 'string' },
                to: { type: 'string' },
                relationType: { type: 'string' },
              },
              required: ['from', 'to', 'relationType'],
            },
          },
          entityName: { type: 'string' },
        },
        required: ['relations', 'entityName'],
      },
    };
    const generated = argumentsFor(tool, [], { live: true });
    if (!generated.ok) throw new Error(generated.reason);
    const samples = fc.sample(generated.arbitrary, { seed: 5, numRuns: 200 });
    const live = (value: unknown): boolean =>
      value instanceof LiveChoice ||
      value instanceof LiveRecord ||
      (Array.isArray(value)
        ? value.some(live)
        : typeof value === 'object' && value !== null && Object.values(value).some(live));
    expect(samples.some((args) => args.entityName instanceof LiveChoice)).toBe(true);
    expect(
      samples.some((args) => (args.relations as unknown[]).some((item) => item instanceof LiveRecord)),
    ).toBe(true);
    for (const args of samples) {
      const resolved = resolveLiveChoices(args, []);
      expect(live(resolved)).toBe(false);
      expect(generated.guard.validate(resolved).valid).toBe(true);
    }
    // Without live generation there are none.
    const plain = argumentsFor(tool, []);
    if (!plain.ok) throw new Error(plain.reason);
    expect(fc.sample(plain.arbitrary, { seed: 5, numRuns: 200 }).some(live)).toBe(false);
  });
});
