import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HarvestedValue } from '../../../harness/index.js';
import { schemaToArbitrary, valueMix } from '../../../src/generate/index.js';
import { POOL } from './schemas.js';

const PATH_VALUES = POOL.filter((entry) => entry.kind === 'path' || entry.kind === 'directory').map(
  (e) => e.value,
);
const NAME_VALUES = POOL.filter((entry) => entry.kind === 'name' || entry.kind === 'identifier').map(
  (e) => e.value,
);
const ALL_VALUES = POOL.map((entry) => entry.value);
/** A new entity next to a harvested directory (or bare), as the pool mixes in. */
const FRESH = /^(?:(?:\{fs\}|\{fs\}\/notes|notes)\/)?hp-[a-z0-9]{1,5}(?:\.txt|\.md|\.json)?$/;

const TOOL_SCHEMA = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    name: { type: 'string' },
    content: { type: 'string' },
    paths: { type: 'array', items: { type: 'string' }, minItems: 1 },
  },
  required: ['path', 'name', 'content', 'paths'],
};

interface ToolArgs {
  path: string;
  name: string;
  content: string;
  paths: string[];
}

function sampleArgs(harvested: readonly HarvestedValue[], numRuns = 500): ToolArgs[] {
  return fc.sample(schemaToArbitrary(TOOL_SCHEMA, { harvested }), { seed: 11, numRuns }) as ToolArgs[];
}

function share(values: readonly string[], predicate: (value: string) => boolean): number {
  return values.filter(predicate).length / values.length;
}

describe('valueMix', () => {
  const args = sampleArgs(POOL);

  it('offers harvested paths, placeholder-absolute and relative, to path properties', () => {
    const paths = args.map((a) => a.path);
    expect(share(paths, (value) => PATH_VALUES.includes(value))).toBeGreaterThan(0.3);
    expect(paths).toContain('{fs}/notes/a.md');
    expect(paths).toContain('notes/a.md');
    expect(paths).toContain('{fs}');
  });

  it('names new entities next to existing directories for path properties', () => {
    const fresh = args.map((a) => a.path).filter((value) => FRESH.test(value));
    expect(fresh.length / args.length).toBeGreaterThan(0.15);
    expect(fresh.some((value) => value.startsWith('{fs}/hp-'))).toBe(true);
    expect(fresh.some((value) => value.startsWith('{fs}/notes/hp-'))).toBe(true);
  });

  it('still tries random strings for path properties', () => {
    const random = args
      .map((a) => a.path)
      .filter((value) => !PATH_VALUES.includes(value) && !FRESH.test(value));
    expect(random.length).toBeGreaterThan(0);
  });

  it('offers harvested names to name properties', () => {
    const names = args.map((a) => a.name);
    expect(share(names, (value) => NAME_VALUES.includes(value))).toBeGreaterThan(0.3);
    expect(names).toContain('n-42');
  });

  it('keeps free text mostly random, with some harvested values', () => {
    const contents = args.map((a) => a.content);
    const pooled = share(contents, (value) => ALL_VALUES.includes(value));
    expect(pooled).toBeGreaterThan(0);
    expect(pooled).toBeLessThan(0.5);
    expect(contents).toContain('hello world');
  });

  it('steers array items by the array property name', () => {
    const items = args.flatMap((a) => a.paths);
    expect(share(items, (value) => PATH_VALUES.includes(value))).toBeGreaterThan(0.3);
  });

  it('keeps placeholders literal: every value mentioning {fs} is a harvested or fresh value', () => {
    const strings = args.flatMap((a) => [a.path, a.name, a.content, ...a.paths]);
    const withPlaceholder = strings.filter((value) => value.includes('{fs'));
    expect(withPlaceholder.length).toBeGreaterThan(0);
    for (const value of withPlaceholder) {
      expect(ALL_VALUES.includes(value) || FRESH.test(value), value).toBe(true);
      expect(value.startsWith('{fs}')).toBe(true);
    }
  });

  it('offers no harvested or fresh value when the pool is empty', () => {
    const strings = sampleArgs([]).flatMap((a) => [a.path, a.name, a.content, ...a.paths]);
    expect(strings.filter((value) => ALL_VALUES.includes(value) || FRESH.test(value))).toEqual([]);
  });

  it('respects length bounds, falling back to random strings when no harvested value fits', () => {
    const lengths = { minLength: 5, maxLength: 10 };
    const values = fc.sample(valueMix(POOL, 'path', lengths), { seed: 2, numRuns: 500 });
    for (const value of values) {
      expect([...value].length).toBeGreaterThanOrEqual(5);
      expect([...value].length).toBeLessThanOrEqual(10);
    }
    expect(values).toContain('{fs}/notes');
    expect(values).toContain('notes/a.md');
    expect(values).not.toContain('{fs}');
    const tiny = fc.sample(valueMix(POOL, 'path', { minLength: 0, maxLength: 2 }), {
      seed: 2,
      numRuns: 200,
    });
    expect(tiny.every((value) => value.length <= 2)).toBe(true);
  });

  it('shrinks a path towards the simplest harvested value', () => {
    const details = fc.check(
      fc.property(valueMix(POOL, 'path', { minLength: 0, maxLength: undefined }), () => false),
      { seed: 4 },
    );
    expect(details.counterexample).toEqual(['{fs}']);
  });

  it('shrinks free text towards the empty string', () => {
    const details = fc.check(
      fc.property(valueMix(POOL, 'content', { minLength: 0, maxLength: undefined }), () => false),
      { seed: 4 },
    );
    expect(details.counterexample).toEqual(['']);
  });
});
