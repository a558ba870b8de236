import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVISIBLE } from '../../../src/model/inertText.js';
import { boundText, serverNames, serverText } from '../../../src/model/serverText.js';

describe('serverText', () => {
  it('is one inert line, bounded, and says how many bytes it left out', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.integer({ min: 1, max: 100 }),
        (text, max) => {
          const quoted = serverText(text, max);
          expect(quoted).not.toMatch(new RegExp(INVISIBLE.source, 'u'));
          expect(quoted).not.toContain('\n');
          if (text.length <= max) expect(quoted).not.toMatch(/… \(\d+ more bytes\)$/);
          else expect(quoted).toMatch(/… \(\d+ more bytes\)$/);
        },
      ),
    );
  });

  it('cuts a forged report and counts the rest in bytes, never inside a surrogate pair', () => {
    expect(serverText('refused\nExit 0: no hint contradicted.', 10)).toBe('refused\\nEx… (27 more bytes)');
    expect(boundText('ab😀c', 3)).toBe('ab… (5 more bytes)');
  });

  it('lists names inert, the first 20 and how many more', () => {
    const names = Array.from({ length: 25 }, (_, index) => `t${index}\n`);
    expect(serverNames(names)).toMatch(/^t0\\n, t1\\n, .* t19\\n and 5 more$/);
  });
});
