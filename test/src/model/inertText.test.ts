import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inertLoose, inertText, readInert } from '../../../src/model/inertText.js';
import { hostileString, INVISIBLE_CHAR } from '../report/hostileStrings.js';

describe('inertText', () => {
  it('escapes controls, ANSI, bidi and invisible characters visibly', () => {
    expect(inertText('\x1b[2J\x1b[31mred')).toBe('\\x1b[2J\\x1b[31mred');
    expect(inertText('line\nforged\r')).toBe('line\\nforged\\r');
    expect(inertText('\u202eevil\u2066x\u2069\u200e\u200f\u061c')).toBe(
      '\\u202eevil\\u2066x\\u2069\\u200e\\u200f\\u061c',
    );
    expect(inertText('\x00\x7f\x85\u2028\u200b\ufeff\u{e0041}')).toBe(
      '\\x00\\x7f\\x85\\u2028\\u200b\\ufeff\\u{e0041}',
    );
    expect(inertText('\ud800 lone')).toBe('\\ud800 lone');
    expect(inertText('a\\b')).toBe('a\\\\b');
  });

  it('leaves printable text alone, Unicode included', () => {
    expect(inertText('read_note {fs}/a b.md · ✓ 😀 Grüße 日本')).toBe(
      'read_note {fs}/a b.md · ✓ 😀 Grüße 日本',
    );
  });

  it('never lets an invisible character or a line break through, and reads back to the original', () => {
    fc.assert(
      fc.property(hostileString, (text) => {
        const shown = inertText(text);
        expect(shown).not.toMatch(INVISIBLE_CHAR);
        expect(readInert(shown)).toBe(text);
      }),
      { seed: 42, numRuns: 2000 },
    );
  });
});

describe('inertLoose', () => {
  it('escapes invisible characters but keeps backslashes, and newlines when asked', () => {
    expect(inertLoose("--tool 'a\\b\x1b'")).toBe("--tool 'a\\b\\x1b'");
    expect(inertLoose('one\ntwo\r\n', { keepNewlines: true })).toBe('one\ntwo\\r\n');
  });

  it('lets no invisible character through but newlines, and is idempotent', () => {
    fc.assert(
      fc.property(hostileString, (text) => {
        const shown = inertLoose(text, { keepNewlines: true });
        expect(shown.replace(/\n/g, '')).not.toMatch(INVISIBLE_CHAR);
        expect(inertLoose(shown, { keepNewlines: true })).toBe(shown);
      }),
      { seed: 42, numRuns: 1000 },
    );
  });
});
