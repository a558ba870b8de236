import fc from 'fast-check';

/** Any character no output may carry raw (the same set as src/report/inertText.ts, written out again). */
export const INVISIBLE_CHAR =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/u;

/** What hostile servers put in names, texts and paths to forge output or break a report's syntax. */
const HOSTILE_SAMPLES = [
  '\x1b[2J\x1b[HNo hint contradicted in 1 tool · 1 consistent · 0 inconclusive\nExit 0: no hint contradicted.',
  '\r\x1b[2K✓ consistent',
  '\u202egnp.exe\u202c',
  'a\u2066b\u2069c\u200e\u200f\u061c',
  '\u0085\u2028\u2029\u200b\ufeff\u{e0001}\u{e0041}',
  '\x00\x07\x08\x7f\x9b31m',
  '\ud800\udfff\uffff\ufffe',
  '`',
  '``',
  '` x `',
  '```',
  '\n```\n',
  '|',
  '| a | b |',
  '\\|',
  '\\',
  '</summary></details><script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[click](https://evil.example)',
  '![i](http://evil.example/p.png)',
  'www.evil.example',
  'a@evil.example',
  'https://evil.example',
  '&lt;b&gt;',
  '&amp;',
  '*em* _em_ __strong__ ~~gone~~',
  '\n\n# Heading\n\n- item',
  '<!-- comment',
  ']]><x/>',
  '" onload="x',
  "'",
  '../../etc/passwd',
  'sub/dir/x',
  '',
];

/** Strings a hostile server might send: the samples above, any code units, and mixtures of both. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_SAMPLES),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'binary-ascii' }),
  fc
    .array(fc.oneof(fc.constantFrom(...HOSTILE_SAMPLES), fc.string({ unit: 'grapheme' })), { maxLength: 4 })
    .map((parts) => parts.join('')),
);
