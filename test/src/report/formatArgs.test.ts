import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatArgs } from '../../../src/report/formatArgs.js';

describe('formatArgs', () => {
  it('shows arguments as compact JSON', () => {
    expect(formatArgs({ name: 'groceries.md', path: '{fs}/a' })).toBe(
      '{"name":"groceries.md","path":"{fs}/a"}',
    );
    expect(formatArgs({})).toBe('{}');
  });

  it('cuts to maxLength code points, ending with …', () => {
    expect(formatArgs({ body: 'x'.repeat(50) }, 20)).toBe('{"body":"xxxxxxxxxx…');
    expect(Array.from(formatArgs({ body: '😀'.repeat(50) }, 20))).toHaveLength(20);
  });

  it('never exceeds maxLength, and is the whole JSON when it fits', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.integer({ min: 1, max: 200 }),
        (args, max) => {
          const shown = formatArgs(args, max);
          const whole = JSON.stringify(args);
          expect(Array.from(shown).length).toBeLessThanOrEqual(max);
          if (Array.from(whole).length <= max) expect(shown).toBe(whole);
          else expect(shown.endsWith('…')).toBe(true);
        },
      ),
      { seed: 42 },
    );
  });

  it('always fits on one line', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (args) => {
        expect(formatArgs(args)).not.toContain('\n');
      }),
      { seed: 42 },
    );
  });
});
