import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from '../../../src/cli/redactSecrets.js';

describe('createRedactor', () => {
  it('replaces every occurrence, longest secret first, in text and in nested values', () => {
    const redactor = createRedactor(['abc', 'abcdef', '']);
    expect(redactor.text('x abcdef y abc')).toBe(`x ${REDACTED} y ${REDACTED}`);
    expect(redactor.value({ a: ['abc', 1, null], abcdef: { b: 'zabcz' } })).toEqual({
      a: [REDACTED, 1, null],
      [REDACTED]: { b: `z${REDACTED}z` },
    });
  });

  it('leaves no secret in any text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4 }), fc.string(), fc.string(), (secret, before, after) => {
        const out = createRedactor([secret]).text(`${before}${secret}${after}`);
        expect(out.includes(secret) && !REDACTED.includes(secret)).toBe(false);
      }),
    );
  });
});
