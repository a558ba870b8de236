import { describe, expect, it } from 'vitest';
import { mergeSchemas } from '../../../src/generate/mergeSchemas.js';

describe('mergeSchemas (allOf)', () => {
  it('intersects types, unites properties and required, keeps the tighter bound', () => {
    expect(
      mergeSchemas(
        {
          type: ['number', 'string'],
          properties: { a: { type: 'string' } },
          required: ['a'],
          minimum: 1,
          maxLength: 9,
        },
        {
          type: 'integer',
          properties: { b: { type: 'boolean' } },
          required: ['b'],
          minimum: 3,
          maxLength: 4,
        },
      ),
    ).toEqual({
      type: ['integer'],
      properties: { a: { type: 'string' }, b: { type: 'boolean' } },
      required: ['a', 'b'],
      minimum: 3,
      maxLength: 4,
    });
  });

  it('combines subschemas of the same keyword with allOf and intersects enums', () => {
    expect(
      mergeSchemas(
        { properties: { a: { minLength: 1 } }, items: { type: 'string' }, enum: [1, 2, 3] },
        { properties: { a: { maxLength: 2 } }, items: { maxLength: 3 }, enum: [2, 3, 4] },
      ),
    ).toEqual({
      properties: { a: { allOf: [{ minLength: 1 }, { maxLength: 2 }] } },
      items: { allOf: [{ type: 'string' }, { maxLength: 3 }] },
      enum: [2, 3],
    });
  });

  it('treats true as neutral and false as absorbing', () => {
    expect(mergeSchemas(true, { type: 'string' })).toEqual({ type: 'string' });
    expect(mergeSchemas({ type: 'string' }, false)).toBe(false);
  });

  it('keeps own __proto__ properties as data', () => {
    const a = JSON.parse('{"properties":{"__proto__":{"type":"string"}}}') as unknown;
    const merged = mergeSchemas(a, { required: ['__proto__'] }) as { properties: object };
    expect(Object.keys(merged.properties)).toEqual(['__proto__']);
  });
});
