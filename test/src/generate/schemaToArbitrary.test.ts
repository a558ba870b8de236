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
      const arbitrary = schemaToArbitrary(schema, { harvested: pool });
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
      for (const value of fc.sample(schemaToArbitrary(schema, { harvested: POOL }), {
        seed: 7,
        numRuns: 50,
      })) {
        expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      }
    });

    it('generates the same values for the same seed', () => {
      const sample = () =>
        fc.sample(schemaToArbitrary(schema, { harvested: POOL }), { seed: 42, numRuns: 50 });
      expect(sample()).toEqual(sample());
    });
  });

  it('does not depend on the order of the pool', () => {
    const schema = SUPPORTED_SCHEMAS['string lengths, steered names included'];
    const sample = (harvested: typeof POOL) =>
      fc.sample(schemaToArbitrary(schema, { harvested }), { seed: 3, numRuns: 100 });
    expect(sample([...POOL].reverse())).toEqual(sample(POOL));
  });

  describe('optional properties', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'integer' }, c: { type: 'boolean' } },
      required: ['a'],
    };

    it('are sometimes present and sometimes absent, required ones always present', () => {
      const values = fc.sample(schemaToArbitrary(schema, { harvested: [] }), {
        seed: 1,
        numRuns: 200,
      }) as Array<Record<string, unknown>>;
      expect(values.every((value) => 'a' in value)).toBe(true);
      for (const key of ['b', 'c']) {
        const present = values.filter((value) => key in value).length;
        expect(present).toBeGreaterThan(0);
        expect(present).toBeLessThan(values.length);
      }
    });

    it('shrink away from a counterexample that does not need them', () => {
      const details = fc.check(
        fc.property(schemaToArbitrary(schema, { harvested: [] }), (value) => {
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
            { harvested: [] },
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
      { harvested: [] },
    );
    const values = new Set(fc.sample(arbitrary, { seed: 1, numRuns: 200 }));
    expect([...values].sort()).toEqual([1, 2]);
  });

  it('offers a valid default alongside generated values, and never an invalid one', () => {
    const values = fc.sample(
      schemaToArbitrary({ type: 'string', maxLength: 3, default: 'dflt-too-long' }, { harvested: [] }),
      { seed: 1, numRuns: 300 },
    );
    expect(values).not.toContain('dflt-too-long');
    const withDefault = fc.sample(
      schemaToArbitrary({ type: 'integer', default: 123456 }, { harvested: [] }),
      {
        seed: 1,
        numRuns: 300,
      },
    );
    expect(withDefault).toContain(123456);
  });

  it('generates any JSON value for an empty schema and plain strings for an unknown format', () => {
    expect(() => schemaToArbitrary({}, { harvested: [] })).not.toThrow();
    const values = fc.sample(schemaToArbitrary({ type: 'string', format: 'x-vendor' }, { harvested: [] }), {
      seed: 1,
      numRuns: 20,
    });
    expect(values.every((value) => typeof value === 'string')).toBe(true);
  });

  it('prefers examples and defaults that the schema accepts', () => {
    const values = fc.sample(
      schemaToArbitrary(
        { type: 'string', examples: ['groceries.md', 42], default: 'todo.md' },
        { harvested: [] },
      ),
      { seed: 1, numRuns: 300 },
    );
    expect(values).toContain('groceries.md');
    expect(values).toContain('todo.md');
    expect(values).not.toContain(42);
  });

  it('generates recursive schemas to a bounded depth', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: {
        tree: {
          type: 'object',
          properties: {
            label: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/tree' } },
          },
          required: ['label'],
        },
      },
      properties: { root: { $ref: '#/$defs/tree' } },
      required: ['root'],
    };
    const depth = (node: unknown): number =>
      1 + Math.max(0, ...((node as { children?: unknown[] }).children ?? []).map(depth));
    const values = fc.sample(schemaToArbitrary(schema, { harvested: [] }), { seed: 2, numRuns: 200 });
    const depths = values.map((value) => depth((value as { root: unknown }).root));
    expect(Math.max(...depths)).toBeGreaterThan(1);
    expect(Math.max(...depths)).toBeLessThanOrEqual(4);
  });

  it("names the sandbox's columns in a free-form record, one key at least", () => {
    // mcp-sqlite 1.0.9's create_record: { table, data: record<column, value> }; random keys never name a column.
    const schema = {
      type: 'object',
      properties: {
        table: { type: 'string' },
        data: { type: 'object', additionalProperties: { type: ['string', 'number', 'null'] } },
      },
      required: ['table', 'data'],
    };
    const todos = {
      kind: 'relation' as const,
      value: 'todos',
      relation: {
        dialect: 'sqlite' as const,
        name: 'todos',
        columns: [
          { name: 'title', type: 'text', nullable: false, hasDefault: false },
          { name: 'done', type: 'integer', nullable: false, hasDefault: true },
        ],
        key: [],
        keyValues: [],
      },
    };
    const keysOf = (harvested: (typeof todos)[]) =>
      fc
        .sample(schemaToArbitrary(schema, { harvested }), { seed: 4, numRuns: 200 })
        .map((value) => Object.keys((value as { data: object }).data));
    const withColumns = keysOf([todos]);
    expect(withColumns.every((keys) => keys.length >= 1)).toBe(true);
    const named = withColumns.filter((keys) => keys.every((key) => key === 'title' || key === 'done'));
    expect(named.length).toBeGreaterThan(80);
    // Without a database the record is as before: sometimes empty, never a column.
    const without = keysOf([]);
    expect(without.some((keys) => keys.length === 0)).toBe(true);
    expect(without.flat().some((key) => key === 'title')).toBe(false);
  });

  it('makes oneOf values match exactly one branch', () => {
    const schema = {
      oneOf: [
        { type: 'integer', minimum: 0 },
        { type: 'integer', maximum: 10 },
      ],
    };
    const values = fc.sample(schemaToArbitrary(schema, { harvested: [] }), {
      seed: 1,
      numRuns: 200,
    }) as number[];
    expect(values.every((value) => value < 0 || value > 10)).toBe(true);
    expect(values.some((value) => value < 0) && values.some((value) => value > 10)).toBe(true);
  });

  describe('refuses what it cannot honour, naming the construct and where', () => {
    const at = (property: string, schema: unknown) => ({
      type: 'object',
      properties: { [property]: schema },
    });
    it.each<[string, unknown, string]>([
      [
        'oneOf whose branches always overlap',
        at('target', { oneOf: [{ type: 'string' }, { type: 'string', maxLength: 1000 }] }),
        'no generated value satisfies "oneOf" (0 of 60 candidates): unsatisfiable or too hard at #/properties/target',
      ],
      [
        'an empty anyOf (ajv refuses it when asked)',
        at('x', { anyOf: [] }),
        'an empty "anyOf", which no value satisfies at #/properties/x',
      ],
      [
        'allOf of disjoint types',
        at('x', { allOf: [{ type: 'string' }, { type: 'integer' }] }),
        'an empty "type" array at #/properties/x',
      ],
      [
        'not of everything',
        at('x', { type: 'string', not: {} }),
        'no generated value satisfies "not" (0 of 60 candidates): unsatisfiable or too hard at #/properties/x',
      ],
      [
        'if/then/else that both fail',
        at('x', { type: 'integer', if: { minimum: 0 }, then: false, else: false }),
        'no "if" branch can be generated: schema false, which no value satisfies at #/properties/x',
      ],
      [
        'a pattern its lengths exclude',
        at('name', { type: 'string', pattern: '^abc$', maxLength: 2 }),
        'no generated value satisfies "pattern" "^abc$" with its lengths (0 of 60 candidates): unsatisfiable or too hard at #/properties/name',
      ],
      [
        'multipleOf without a multiple in range',
        at('n', { type: 'integer', multipleOf: 10, minimum: 1, maximum: 9 }),
        'no multiple of 10 within the bounds at #/properties/n',
      ],
      [
        'minItems beyond a closed tuple',
        at('pair', { type: 'array', prefixItems: [{ type: 'string' }], items: false, minItems: 2 }),
        '"minItems" 2 beyond the tuple at #/properties/pair',
      ],
      [
        'unsatisfiable deep inside',
        at('outer', {
          type: 'object',
          properties: { inner: { type: 'object', minProperties: 2, maxProperties: 1 } },
          required: ['inner'],
        }),
        'no generated value satisfies the schema (0 of 60 candidates): unsatisfiable or too hard at #/properties/outer/properties/inner',
      ],
      [
        'an array item',
        at('list', {
          type: 'array',
          minItems: 1,
          items: { type: 'object', propertyNames: { maxLength: 0 }, minProperties: 2 },
        }),
        'no generated value satisfies the schema (0 of 60 candidates): unsatisfiable or too hard at #/properties/list/items',
      ],
      [
        'more unique items than distinct values (must end, not loop)',
        at('flags', { type: 'array', items: { type: 'boolean' }, uniqueItems: true, minItems: 3 }),
        'no generated value satisfies the schema (0 of 60 candidates): unsatisfiable or too hard at #/properties/flags',
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
        'a recursive $ref that never ends',
        {
          type: 'object',
          definitions: {
            node: {
              type: 'object',
              properties: { next: { $ref: '#/definitions/node' } },
              required: ['next'],
            },
          },
          properties: { head: { $ref: '#/definitions/node' } },
          required: ['head'],
        },
        'recursive $ref "#/definitions/node" that does not end within 3 levels at #/definitions/node/properties/next',
      ],
      ['an unknown type', at('x', { type: 'date' }), 'unsupported type "date" at #/properties/x'],
      [
        'a schema that is a number',
        at('x', 42),
        'schema that is neither an object nor a boolean (received 42) at #/properties/x',
      ],
      [
        'schema false',
        { type: 'object', properties: { x: false }, required: ['x'] },
        'schema false, which no value satisfies at #/properties/x',
      ],
      [
        'required property that additionalProperties forbids',
        { type: 'object', properties: {}, required: ['ghost'], additionalProperties: false },
        'required property "ghost" that "additionalProperties": false forbids at #',
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
        'an empty "oneOf", which no value satisfies at #/properties/a~1b~0c',
      ],
      [
        'percent-encoded pointer tokens',
        at('with space', { oneOf: [] }),
        'an empty "oneOf", which no value satisfies at #/properties/with%20space',
      ],
    ])('%s', (_title, schema, construct) => {
      let thrown: unknown;
      try {
        schemaToArbitrary(schema, { harvested: POOL });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(UnsupportedSchemaError);
      expect((thrown as Error).message).toBe(`cannot generate arguments: ${construct}`);
    });
  });
});
