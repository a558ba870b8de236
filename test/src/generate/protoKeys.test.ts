import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentsFor } from '../../../src/generate/argumentsFor.js';

const NAMES = ['__proto__', 'constructor', 'prototype'];
const schema = JSON.parse(
  JSON.stringify({
    type: 'object',
    properties: Object.fromEntries(NAMES.map((name) => [name, { type: 'string', maxLength: 8 }])),
    required: NAMES,
    additionalProperties: false,
  }),
) as unknown;

describe('arguments with keys named like prototype members', () => {
  it('are own string properties, sent as JSON with each key once', () => {
    const made = argumentsFor({ name: 'keys', inputSchema: schema }, []);
    if (!made.ok) throw new Error(made.reason);
    for (const args of fc.sample(made.arbitrary, { numRuns: 50, seed: 1 })) {
      for (const name of NAMES) {
        expect(Object.hasOwn(args, name), name).toBe(true);
        expect(typeof args[name], name).toBe('string');
      }
      const sent = JSON.parse(JSON.stringify(args)) as Record<string, unknown>;
      expect(Object.keys(sent).sort()).toEqual([...NAMES].sort());
      expect(made.guard.validate(args).valid).toBe(true);
    }
  });

  it('are still checked: a missing or mistyped `__proto__` fails the guard', () => {
    const made = argumentsFor({ name: 'keys', inputSchema: schema }, []);
    if (!made.ok) throw new Error(made.reason);
    const parse = (json: string) => made.guard.validate(JSON.parse(json));
    expect(parse('{"__proto__":"a","constructor":"b","prototype":"c"}').valid).toBe(true);
    expect(parse('{"constructor":"b","prototype":"c"}')).toEqual({
      valid: false,
      errors: "arguments must have required property '__proto__'",
    });
    expect(parse('{"__proto__":5,"constructor":"b","prototype":"c"}')).toEqual({
      valid: false,
      errors: 'arguments/__proto__ must be string',
    });
    expect(parse('{"__proto__":"a","prototype":"c"}').valid).toBe(false);
  });
});
