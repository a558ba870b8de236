import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatArgs } from '../../../src/report/formatArgs.js';
import { hostileString, INVISIBLE_CHAR } from './hostileStrings.js';

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

  it('escapes every invisible character as JSON does, so the text is inert and parses to the same value', () => {
    expect(formatArgs({ 'k\u202e': '\x1b[2J\u2028\x7f\x85' })).toBe(
      '{"k\\u202e":"\\u001b[2J\\u2028\\u007f\\u0085"}',
    );
    const hostileJson = fc.jsonValue({ stringUnit: 'binary' });
    fc.assert(
      fc.property(fc.dictionary(hostileString, hostileJson), (args) => {
        const shown = formatArgs(args, Infinity);
        expect(shown).not.toMatch(INVISIBLE_CHAR);
        expect(JSON.parse(shown)).toEqual(JSON.parse(JSON.stringify(args)));
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});
