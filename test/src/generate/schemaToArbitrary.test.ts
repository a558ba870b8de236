import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createArgumentGuard,
  schemaToArbitrary,
  UnsupportedSchemaError,
} from '../../../src/generate/index.js';
import { POOL, SUPPORTED_SCHEMAS } from './schemas.js';

describe('schemaToArbitrary', () => {
  describe.each(Object.entries(SUPPORTED_SCHEMAS))('%s', (_title, schema) => {
    const guard = createArgumentGuard(schema);

    it.each([
      ['an empty pool', []],
      ['a pool', POOL],
    ])('generates only values the schema accepts, with %s', (_pool, pool) => {
      const arbitrary = schemaToArbitrary(schema, { pool });
      fc.assert(
        fc.property(arbitrary, (value) => {
          expect(guard.validate(value)).toEqual({ valid: true });
          // What the server receives: the value after JSON-RPC serialisation, unchanged (no -0, no undefined).
          expect(JSON.parse(JSON.stringify(value))).toEqual(value);
        }),
        { numRuns: 200 },
      );
    });

    it('generates plain objects at the top level', () => {
      for (const value of fc.sample(schemaToArbitrary(schema, { pool: POOL }), { seed: 7, numRuns: 50 })) {
        expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      }
    });

    it('generates the same values for the same seed', () => {
      const sample = () => fc.sample(schemaToArbitrary(schema, { pool: POOL }), { seed: 42, numRuns: 50 });
      expect(sample()).toEqual(sample());
    });
  });

  it('does not depend on the order of the pool', () => {
    const schema = SUPPORTED_SCHEMAS['string lengths, steered names included'];
    const sample = (pool: typeof POOL) =>
      fc.sample(schemaToArbitrary(schema, { pool }), { seed: 3, numRuns: 100 });
    expect(sample([...POOL].reverse())).toEqual(sample(POOL));
  });

  describe('optional properties', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'integer' }, c: { type: 'boolean' } },
      required: ['a'],
    };

    it('are sometimes present and sometimes absent, required ones always present', () => {
      const values = fc.sample(schemaToArbitrary(schema, { pool: [] }), { seed: 1, numRuns: 200 }) as Array<
        Record<string, unknown>
      >;
      expect(values.every((value) => 'a' in value)).toBe(true);
      for (const key of ['b', 'c']) {
        const present = values.filter((value) => key in value).length;
        expect(present).toBeGreaterThan(0);
        expect(present).toBeLessThan(values.length);
      }
    });

    it('shrink away from a counterexample that does not need them', () => {
      const details = fc.check(
        fc.property(schemaToArbitrary(schema, { pool: [] }), (value) => {
          return (value as { a: string }).a.length === 0;
        }),
        { seed: 5, numRuns: 200 },
      );
      expect(details.failed).toBe(true);
      const [counterexample] = details.counterexample ?? [];
      expect(Object.keys(counterexample as object)).toEqual(['a']);
      expect((counterexample as { a: string }).a).toHaveLength(1);
    });

    it('shrink numbers and strings towards simple values', () => {
      const details = fc.check(
        fc.property(
          schemaToArbitrary(
            {
              type: 'object',
              properties: { n: { type: 'integer', minimum: 3 }, s: { type: 'string' } },
              required: ['n', 's'],
            },
            { pool: [] },
          ),
          () => false,
        ),
        { seed: 5 },
      );
      expect(details.counterexample).toEqual([{ n: 3, s: '' }]);
    });
  });

  it('generates integers strictly inside exclusive bounds, including fractional ones', () => {
    const arbitrary = schemaToArbitrary(
      { type: 'integer', exclusiveMinimum: 0.5, exclusiveMaximum: 3 },
      { pool: [] },
    );
    const values = new Set(fc.sample(arbitrary, { seed: 1, numRuns: 200 }));
    expect([...values].sort()).toEqual([1, 2]);
  });

  it('offers a valid default alongside generated values, and never an invalid one', () => {
    const values = fc.sample(
      schemaToArbitrary({ type: 'string', maxLength: 3, default: 'dflt-too-long' }, { pool: [] }),
      { seed: 1, numRuns: 300 },
    );
    expect(values).not.toContain('dflt-too-long');
    const withDefault = fc.sample(schemaToArbitrary({ type: 'integer', default: 123456 }, { pool: [] }), {
      seed: 1,
      numRuns: 300,
    });
    expect(withDefault).toContain(123456);
  });

  it('generates any JSON value for an empty schema and plain strings for an unknown format', () => {
    expect(() => schemaToArbitrary({}, { pool: [] })).not.toThrow();
    const dates = fc.sample(schemaToArbitrary({ type: 'string', format: 'date-time' }, { pool: [] }), {
      seed: 1,
      numRuns: 20,
    });
    expect(dates.every((value) => typeof value === 'string')).toBe(true);
  });

  describe('refuses what it cannot honour, naming the construct and where', () => {
    const at = (property: string, schema: unknown) => ({
      type: 'object',
      properties: { [property]: schema },
    });
    it.each<[string, unknown, string]>([
      [
        'oneOf',
        at('target', { oneOf: [{ type: 'string' }] }),
        'unsupported keyword "oneOf" at #/properties/target',
      ],
      ['anyOf', at('x', { anyOf: [{ type: 'string' }] }), 'unsupported keyword "anyOf" at #/properties/x'],
      ['allOf', at('x', { type: 'string', allOf: [] }), 'unsupported keyword "allOf" at #/properties/x'],
      ['not', at('x', { type: 'string', not: { const: '' } }), 'unsupported keyword "not" at #/properties/x'],
      ['if', at('x', { if: true, then: true }), 'unsupported keyword "if" at #/properties/x'],
      [
        'pattern',
        at('name', { type: 'string', pattern: '^a' }),
        'unsupported keyword "pattern" at #/properties/name',
      ],
      [
        'pattern on an implied string',
        at('name', { minLength: 1, pattern: '^a' }),
        'unsupported keyword "pattern" at #/properties/name',
      ],
      [
        'multipleOf',
        at('n', { type: 'number', multipleOf: 2 }),
        'unsupported keyword "multipleOf" at #/properties/n',
      ],
      [
        'uniqueItems',
        at('list', { type: 'array', uniqueItems: true }),
        'unsupported keyword "uniqueItems" at #/properties/list',
      ],
      [
        'tuple items',
        at('pair', { type: 'array', items: [{ type: 'string' }] }),
        'invalid "items" (expected a schema (the tuple form is not supported), received [{"type":"string"}]) at #/properties/pair',
      ],
      [
        'minProperties deep inside',
        at('outer', { type: 'object', properties: { inner: { type: 'object', minProperties: 1 } } }),
        'unsupported keyword "minProperties" at #/properties/outer/properties/inner',
      ],
      [
        'an array item',
        at('list', { type: 'array', items: { type: 'object', propertyNames: { maxLength: 3 } } }),
        'unsupported keyword "propertyNames" at #/properties/list/items',
      ],
      [
        'unresolvable $ref',
        at('x', { $ref: '#/definitions/missing' }),
        'unresolvable $ref "#/definitions/missing" at #/properties/x',
      ],
      [
        'remote $ref',
        at('x', { $ref: 'https://example.com/schema.json' }),
        'unresolvable $ref "https://example.com/schema.json" at #/properties/x',
      ],
      [
        'recursive $ref',
        {
          type: 'object',
          definitions: { node: { type: 'object', properties: { next: { $ref: '#/definitions/node' } } } },
          properties: { head: { $ref: '#/definitions/node' } },
        },
        'recursive $ref "#/definitions/node" at #/definitions/node/properties/next',
      ],
      [
        '$ref with constraining siblings',
        {
          type: 'object',
          definitions: { s: { type: 'string' } },
          properties: { x: { $ref: '#/definitions/s', maxLength: 2 } },
        },
        'unsupported keyword "maxLength" next to "$ref" at #/properties/x',
      ],
      ['an unknown type', at('x', { type: 'date' }), 'unsupported type "date" at #/properties/x'],
      [
        'a schema that is a number',
        at('x', 42),
        'schema that is neither an object nor a boolean (received 42) at #/properties/x',
      ],
      ['schema false', at('x', false), 'schema false, which no value satisfies at #/properties/x'],
      [
        'undeclared required property',
        { type: 'object', properties: {}, required: ['ghost'] },
        'required property "ghost" without a schema in "properties" at #',
      ],
      [
        'unsatisfiable lengths',
        at('x', { type: 'string', minLength: 3, maxLength: 2 }),
        'unsatisfiable bounds minLength 3 > maxLength 2 at #/properties/x',
      ],
      [
        'no integer in range',
        at('x', { type: 'integer', exclusiveMinimum: 1, exclusiveMaximum: 2 }),
        'no safe integer within the bounds at #/properties/x',
      ],
      [
        'no number in range',
        at('x', { type: 'number', minimum: 1, exclusiveMaximum: 1 }),
        'no number within the bounds at #/properties/x',
      ],
      [
        'an enum no value of which fits',
        at('x', { type: 'string', enum: [1, 2] }),
        'no value of "enum" that the rest of the schema accepts at #/properties/x',
      ],
      [
        'an enum of objects that ajv cannot compare',
        at('x', { enum: [{ toString: null }] }),
        'no value of "enum" that the rest of the schema accepts at #/properties/x',
      ],
      [
        'escaped pointer tokens',
        at('a/b~c', { oneOf: [] }),
        'unsupported keyword "oneOf" at #/properties/a~1b~0c',
      ],
      [
        'percent-encoded pointer tokens',
        at('with space', { oneOf: [] }),
        'unsupported keyword "oneOf" at #/properties/with%20space',
      ],
    ])('%s', (_title, schema, construct) => {
      let thrown: unknown;
      try {
        schemaToArbitrary(schema, { pool: POOL });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(UnsupportedSchemaError);
      expect((thrown as Error).message).toBe(`cannot generate arguments: ${construct}`);
    });
  });
});
