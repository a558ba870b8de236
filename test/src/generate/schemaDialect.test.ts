import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../src/generate/createAjv.js';
import { schemaDialect } from '../../../src/generate/schemaDialect.js';

const tuple = {
  type: 'object',
  properties: {
    rgb: {
      type: 'array',
      prefixItems: [{ type: 'integer' }, { type: 'integer' }, { type: 'integer' }],
      items: false,
      minItems: 3,
    },
  },
};

describe('schemaDialect', () => {
  it('follows $schema when it names a dialect', () => {
    expect(schemaDialect({ $schema: 'https://json-schema.org/draft/2020-12/schema' })).toBe('2020-12');
    expect(schemaDialect({ $schema: 'https://json-schema.org/draft/2019-09/schema' })).toBe('2019-09');
    expect(schemaDialect({ ...tuple, $schema: 'http://json-schema.org/draft-07/schema#' })).toBe('draft-07');
  });

  it('reads a schema without $schema that uses prefixItems as 2020-12, so its tuple can be satisfied', () => {
    expect(schemaDialect(tuple)).toBe('2020-12');
    const validate = createAjv(tuple).compile(tuple);
    expect(validate({ rgb: [1, 2, 3] })).toBe(true);
    expect(validate({ rgb: [1, 2, 3, 4] })).toBe(false);
    expect(validate({ rgb: [1, 2] })).toBe(false);
  });

  it('keeps draft-07 without $schema, and for draft-07 tuple forms even next to prefixItems', () => {
    expect(schemaDialect({ type: 'object', properties: { a: { type: 'string' } } })).toBe('draft-07');
    expect(schemaDialect({ type: 'array', items: [{ type: 'string' }], additionalItems: false })).toBe(
      'draft-07',
    );
    expect(schemaDialect({ anyOf: [tuple, { items: [{ type: 'string' }] }] })).toBe('draft-07');
    // A property named like the keyword is no keyword.
    expect(schemaDialect({ type: 'object', properties: { prefixItems: { type: 'string' } } })).toBe(
      'draft-07',
    );
  });

  it('ends on a deeply nested schema', () => {
    let deep: unknown = tuple;
    for (let i = 0; i < 5000; i++) deep = { not: deep };
    expect(schemaDialect(deep)).toBe('draft-07');
  });
});
