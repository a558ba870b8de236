import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createArgumentGuard, schemaToArbitrary } from '../../../src/generate/index.js';
import { POOL } from './schemas.js';
import { supportedSchema } from './supportedSchema.js';

describe('schemaToArbitrary over random supported schemas', () => {
  it('generates only values that the schema accepts and that survive JSON', () => {
    fc.assert(
      fc.property(supportedSchema(), fc.boolean(), fc.integer(), (schema, withPool, seed) => {
        const guard = createArgumentGuard(schema);
        const arbitrary = schemaToArbitrary(schema, { harvested: withPool ? POOL : [] });
        for (const value of fc.sample(arbitrary, { seed, numRuns: 20 })) {
          expect(guard.validate(value)).toEqual({ valid: true });
          expect(JSON.parse(JSON.stringify(value))).toEqual(value);
        }
      }),
      { numRuns: 300 },
    );
  });
});
