import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HarvestedValue } from '../../../harness/index.js';
import { fitRecord, storedRecordArbitrary } from '../../../src/generate/recordFit.js';
import { schemaToArbitrary } from '../../../src/generate/schemaToArbitrary.js';
import { LiveRecord } from '../../../src/generate/seenValues.js';

const name = { type: 'string', minLength: 1 };
const relation = {
  type: 'object',
  properties: { source: name, target: name, type: name, weight: { type: 'number' } },
  required: ['source', 'target', 'type'],
};
const stored = (record: Record<string, string | number>): HarvestedValue => ({
  kind: 'record',
  value: 't',
  record,
});

describe('arguments that name a stored row together', () => {
  it('fills properties from members of the same name, else of the same last word', () => {
    expect(
      fitRecord(relation, { id: 1, source: 'ada', target: 'alan', relation_type: 'mentors', weight: 2 }),
    ).toEqual({
      source: 'ada',
      target: 'alan',
      type: 'mentors',
      weight: 2,
    });
    expect(fitRecord(relation, { Source: 'ada', TARGET: 'alan', relationType: 3 })).toEqual({
      source: 'ada',
      target: 'alan',
      type: '3',
    });
  });

  it('fits nothing that leaves a required property out, or names one property only', () => {
    expect(fitRecord(relation, { source: 'ada', target: 'alan' })).toBeUndefined();
    expect(fitRecord({ type: 'object', properties: { name } }, { name: 'ada' })).toBeUndefined();
    expect(fitRecord(relation, { source: 'ada', target: 'alan', type: 'x', weight: 'heavy' })).toEqual({
      source: 'ada',
      target: 'alan',
      type: 'x',
    });
  });

  it('draws whole rows over generated objects, only when one fits', () => {
    const generated = fc.constant({ source: 'zz', target: 'zz', type: 'zz', extra: true });
    const arbitrary = storedRecordArbitrary(
      relation,
      [stored({ source: 'ada', target: 'alan', link_type: 'mentors' }), stored({ source: 'only' })],
      generated,
      () => true,
    );
    expect(fc.sample(arbitrary!, { seed: 1, numRuns: 5 })).toEqual(
      Array.from({ length: 5 }, () => ({ source: 'ada', target: 'alan', type: 'mentors', extra: true })),
    );
    expect(
      storedRecordArbitrary(relation, [stored({ source: 'only' })], generated, () => true),
    ).toBeUndefined();
  });

  it('offers stored rows to a tool’s arguments, not to a call that builds state', () => {
    const harvested = [stored({ source: 'ada', target: 'alan', relation_type: 'mentors' })];
    const hits = (building: boolean) =>
      fc
        .sample(schemaToArbitrary(relation, { harvested, building }), { seed: 7, numRuns: 200 })
        .filter((value) => (value as { source: string }).source === 'ada').length;
    expect(hits(false)).toBeGreaterThan(20);
    expect(hits(true)).toBe(0);
  });

  it('leaves a building call’s arguments a generated object, never a record taken whole', () => {
    const values = fc.sample(schemaToArbitrary(relation, { harvested: [], live: true, building: true }), {
      seed: 3,
      numRuns: 100,
    });
    expect(values.filter((value) => value instanceof LiveRecord)).toEqual([]);
  });
});
