import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentsFor } from '../../../src/generate/index.js';
import { EDGE_CASES } from '../../corpus/edgeCases.js';
import { POOL } from './schemas.js';
import { supportedSchema } from './supportedSchema.js';

const schemas = fc.oneof(
  supportedSchema().map((schema) => ({ type: 'object', properties: { value: schema }, required: ['value'] })),
  fc.constantFrom(...Object.values(EDGE_CASES)),
);

/** The argument sets fast-check hands a property, for one seed and path (what `--seed` and `--path` replay). */
function calls(inputSchema: unknown, seed: number, path?: string): unknown[] {
  const outcome = argumentsFor({ name: 'tool', inputSchema }, POOL);
  if (!outcome.ok) return [outcome.reason];
  const seen: unknown[] = [];
  fc.check(
    fc.property(outcome.arbitrary, (args) => {
      seen.push(args);
      return JSON.stringify(args).length % 7 !== 0; // fails now and then, so paths and shrinking are exercised
    }),
    { seed, numRuns: 20, ...(path === undefined ? {} : { path }) },
  );
  return seen;
}

describe('replay', () => {
  it('the same seed yields the same calls, shrinking included, for any schema', () => {
    fc.assert(
      fc.property(schemas, fc.integer(), (inputSchema, seed) => {
        expect(calls(inputSchema, seed)).toEqual(calls(inputSchema, seed));
      }),
      { numRuns: 60 },
    );
  });

  it('a counterexample path replays the same shrunk arguments', () => {
    fc.assert(
      fc.property(schemas, fc.integer(), (inputSchema, seed) => {
        const outcome = argumentsFor({ name: 'tool', inputSchema }, POOL);
        if (!outcome.ok) return;
        const predicate = (args: unknown) => JSON.stringify(args).length % 5 !== 0;
        const first = fc.check(fc.property(outcome.arbitrary, predicate), { seed, numRuns: 50 });
        if (!first.failed) return;
        const again = fc.check(fc.property(outcome.arbitrary, predicate), {
          seed,
          path: first.counterexamplePath ?? '',
          endOnFailure: true,
        });
        expect(again.counterexample).toEqual(first.counterexample);
      }),
      { numRuns: 40 },
    );
  });
});
