import { describe, expect, it } from 'vitest';
import { declaredHints, effectiveHints, isContradictableClaim } from '../../../src/hints/effectiveHints.js';
import { SPEC_DEFAULTS } from '../../../src/model/hints.js';

describe('hints', () => {
  it('uses the spec defaults for what is not declared', () => {
    expect(effectiveHints(null)).toEqual(SPEC_DEFAULTS);
    expect(effectiveHints({ readOnlyHint: true })).toEqual({ ...SPEC_DEFAULTS, readOnlyHint: true });
  });

  it('keeps only boolean hints from annotations as sent', () => {
    expect(declaredHints(undefined)).toBeNull();
    expect(declaredHints({ title: 'x' })).toBeNull();
    expect(declaredHints({ readOnlyHint: 'yes', idempotentHint: true, title: 'x' })).toEqual({
      idempotentHint: true,
    });
  });

  it('treats only tighter, applicable values as claims that can be contradicted', () => {
    expect(isContradictableClaim('readOnlyHint', effectiveHints({ readOnlyHint: true }))).toBe(true);
    expect(isContradictableClaim('readOnlyHint', SPEC_DEFAULTS)).toBe(false);
    expect(
      isContradictableClaim(
        'destructiveHint',
        effectiveHints({ readOnlyHint: true, destructiveHint: false }),
      ),
    ).toBe(false);
    expect(isContradictableClaim('destructiveHint', effectiveHints({ destructiveHint: false }))).toBe(true);
    expect(isContradictableClaim('idempotentHint', effectiveHints({ idempotentHint: true }))).toBe(true);
    expect(isContradictableClaim('openWorldHint', effectiveHints({ openWorldHint: false }))).toBe(true);
  });
});
