import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentsFor } from '../../../src/generate/index.js';

/** A property as Zod's `z.union([z.boolean(), z.string()])` and `z.coerce.number()` publish it. */
function sample(property: Record<string, unknown>, seed = 7): unknown[] {
  const generated = argumentsFor(
    {
      name: 'think',
      inputSchema: { type: 'object', properties: { value: property }, required: ['value'] },
    },
    [],
  );
  if (!generated.ok) throw new Error(generated.reason);
  return fc.sample(generated.arbitrary, { seed, numRuns: 400 }).map((args) => args.value);
}

describe('a string next to a boolean or a number', () => {
  it('is mostly the boolean, or the boolean written out', () => {
    const values = sample({ type: ['boolean', 'string'], description: 'Whether another step is needed' });
    const booleanish = values.filter(
      (value) => typeof value === 'boolean' || value === 'true' || value === 'false',
    );
    expect(booleanish.length / values.length).toBeGreaterThan(0.85);
    expect(values.filter((value) => typeof value === 'boolean').length / values.length).toBeGreaterThan(0.5);
    // Any other string still comes sometimes: the schema allows it.
    expect(values.some((value) => typeof value === 'string' && value !== 'true' && value !== 'false')).toBe(
      true,
    );
  });

  it('writes numbers out within the bounds, and keeps to a pattern', () => {
    const numbers = sample({ type: ['string', 'integer'], minimum: 1, maximum: 9 });
    const written = numbers.filter(
      (value): value is string => typeof value === 'string' && /^\d+$/.test(value),
    );
    expect(written.length).toBeGreaterThan(40);
    expect(written.every((value) => Number(value) >= 1 && Number(value) <= 9)).toBe(true);
    const yesNo = sample({ type: ['boolean', 'string'], pattern: '^(yes|no)$' });
    expect(yesNo.every((value) => typeof value === 'boolean' || value === 'yes' || value === 'no')).toBe(
      true,
    );
  });

  it('leaves a union without a string alone', () => {
    const values = sample({ type: ['integer', 'null'] });
    expect(values.filter((value) => value === null).length).toBeGreaterThan(100);
  });
});
