import { describe, expect, it, vi } from 'vitest';
import { createArgumentGuard, UnsupportedSchemaError } from '../../../src/generate/index.js';

describe('createArgumentGuard', () => {
  const schema = {
    type: 'object',
    properties: { path: { type: 'string' }, count: { type: 'integer', minimum: 1 } },
    required: ['path'],
    additionalProperties: false,
  };

  it('accepts arguments that match and says what is wrong with those that do not', () => {
    const guard = createArgumentGuard(schema);
    expect(guard.validate({ path: 'a.md', count: 2 })).toEqual({ valid: true });
    expect(guard.validate({ path: 1 })).toEqual({ valid: false, errors: 'arguments/path must be string' });
    expect(guard.validate({})).toEqual({
      valid: false,
      errors: "arguments must have required property 'path'",
    });
    expect(guard.validate({ path: 'a', extra: 1 })).toEqual({
      valid: false,
      errors: 'arguments must NOT have additional properties',
    });
  });

  it('checks formats', () => {
    const guard = createArgumentGuard({
      type: 'object',
      properties: { when: { type: 'string', format: 'date-time' } },
    });
    expect(guard.validate({ when: '2024-01-02T03:04:05Z' })).toEqual({ valid: true });
    expect(guard.validate({ when: 'yesterday' })).toEqual({
      valid: false,
      errors: 'arguments/when must match format "date-time"',
    });
  });

  it('does not mistake inherited members for arguments', () => {
    const guard = createArgumentGuard({
      type: 'object',
      properties: { constructor: { type: 'boolean' }, toString: { type: 'string' } },
    });
    expect(guard.validate({})).toEqual({ valid: true });
  });

  it('reports, rather than throws, when ajv cannot compare a value', () => {
    const guard = createArgumentGuard({ type: 'object', properties: { x: { const: { a: 1 } } } });
    const result = guard.validate({ x: { valueOf: 1 } });
    expect(result.valid).toBe(false);
    expect(result.valid ? '' : result.errors).toMatch(/^arguments could not be validated: /);
  });

  it('tolerates vendor keywords (not strict)', () => {
    expect(createArgumentGuard({ type: 'object', 'x-internal': true, nullable: false }).validate({})).toEqual(
      {
        valid: true,
      },
    );
  });

  it('uses the 2020-12 dialect when $schema asks for it', () => {
    const guard = createArgumentGuard({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] } },
      $defs: { unused: { type: 'string' } },
    });
    expect(guard.validate({ pair: ['a', 1] })).toEqual({ valid: true });
    expect(guard.validate({ pair: [1, 'a'] })).toMatchObject({ valid: false });
  });

  it('uses draft-07 otherwise', () => {
    const guard = createArgumentGuard({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] } },
    });
    expect(guard.validate({ pair: ['a', 1] })).toEqual({ valid: true });
    expect(guard.validate({ pair: [1, 'a'] })).toMatchObject({ valid: false });
  });

  it.each<[string, unknown, RegExp]>([
    ['an invalid type', { type: 'object', properties: { x: { type: 'date' } } }, /schema is invalid/],
    [
      'an unresolvable $ref',
      { type: 'object', properties: { x: { $ref: '#/nowhere' } } },
      /can't resolve reference/,
    ],
    [
      'an unknown dialect',
      { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' },
      /no schema with key/,
    ],
    ['a schema that is not an object', 'object', /received string/],
    ['an array', [], /received an array/],
  ])('throws UnsupportedSchemaError with ajv’s message for %s', (_title, bad, message) => {
    let thrown: unknown;
    try {
      createArgumentGuard(bad);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UnsupportedSchemaError);
    expect((thrown as Error).message).toMatch(/^cannot generate arguments: schema rejected by ajv \(/);
    expect((thrown as Error).message).toMatch(message);
  });

  it('compiles a schema object once, and an equal but distinct object again', () => {
    const first = createArgumentGuard(schema);
    expect(createArgumentGuard(schema)).toBe(first);
    const copy = structuredClone(schema);
    const other = createArgumentGuard(copy);
    expect(other).not.toBe(first);
    // Both still judge arguments alike (one compiled validator's errors do not leak into the other's).
    expect(first.validate({ path: 1 })).toMatchObject({ valid: false });
    expect(other.validate({ path: 'a' })).toEqual({ valid: true });
    expect(first.validate({ path: 'a' })).toEqual({ valid: true });
  });

  it('prints nothing of a schema ajv only warns about (an unknown format under a hostile property name)', () => {
    const warn = vi.spyOn(console, 'warn');
    const log = vi.spyOn(console, 'log');
    const error = vi.spyOn(console, 'error');
    try {
      const guard = createArgumentGuard({
        type: 'object',
        properties: { 'icon\u001b[31m': { type: 'string', format: 'json' } },
      });
      expect(guard.validate({ 'icon\u001b[31m': '{}' })).toEqual({ valid: true });
      expect([...warn.mock.calls, ...log.mock.calls, ...error.mock.calls]).toEqual([]);
    } finally {
      warn.mockRestore();
      log.mockRestore();
      error.mockRestore();
    }
  });
});
