import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffJson } from '../../../../harness/environments/fs/diffJson.js';
import type { JsonValue } from '../../../../harness/environments/fs/jsonValue.js';
import { Canonical } from '../../../../harness/environments/fs/jsonValue.js';
import { parseJsonPair } from '../../../../harness/environments/fs/parseJsonPair.js';

const LIMIT = 1000;
const json = fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<JsonValue>;
// Records with few ids and titles, so that identity fields, duplicates and key changes are frequent.
const record = fc.record(
  {
    id: fc.constantFrom('a', 'b', 'c', 1),
    title: fc.constantFrom('x', 'y'),
    tags: fc.array(fc.constantFrom('t', 'u'), { maxLength: 2 }),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<JsonValue>;
const element = fc.oneof(json, record);
const kinds = (before: JsonValue, after: JsonValue): string[] => {
  const { changes, omitted } = diffJson(before, after, LIMIT);
  expect(omitted).toEqual({ add: 0, modify: 0, delete: 0 });
  return changes.map((change) => change.kind);
};

/** `base` with `extra` inserted at positions chosen by `slots`, keeping both orders. */
function interleave<T>(base: readonly T[], extra: readonly T[], slots: readonly number[]): T[] {
  const merged = [...base];
  extra.forEach((item, i) => merged.splice((slots[i] ?? 0) % (merged.length + 1), 0, item));
  return merged;
}

describe('diffJson (property)', () => {
  it('reports no change exactly when the two values are deep-equal', () => {
    fc.assert(
      fc.property(element, element, (a, b) => {
        const same = new Canonical().of(a) === new Canonical().of(b);
        expect(kinds(a, a)).toEqual([]);
        expect(kinds(a, b).length === 0).toBe(same);
      }),
      { numRuns: 500 },
    );
  });

  it('sees only additions when elements are inserted into an array, only deletions when removed', () => {
    fc.assert(
      fc.property(
        fc.array(element),
        fc.array(element, { minLength: 1 }),
        fc.array(fc.nat()),
        (base, extra, slots) => {
          const grown = interleave(base, extra, slots);
          expect(kinds(base, grown)).toEqual(extra.map(() => 'add'));
          expect(kinds(grown, base)).toEqual(extra.map(() => 'delete'));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('sees only additions when keys are added to an object, and no change for whitespace or key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), element), fc.dictionary(fc.string(), element), (base, more) => {
        const added = Object.keys(more).filter((key) => !Object.hasOwn(base, key));
        expect(kinds(base, { ...more, ...base })).toEqual(added.map(() => 'add'));
        const reordered = Object.fromEntries(Object.entries(base).reverse());
        const pair = parseJsonPair('a.json', JSON.stringify(base), JSON.stringify(reordered, null, 2));
        // Numbers a double may round are not read at all (`parseJsonPair`); the rest always is.
        if (pair === undefined) expect(JSON.stringify(base)).toMatch(/\d(?:\.?\d){15}|e[+-]?\d{3}/i);
        else expect(kinds(pair.before, pair.after)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
