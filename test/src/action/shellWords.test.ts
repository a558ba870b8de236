import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shellWords } from '../../../src/action/shellWords.js';

/** A word quoted for a POSIX shell: single quotes, each `'` as `'\''`. */
const quoted = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

describe('shellWords', () => {
  it('splits on blanks and newlines, expanding nothing', () => {
    expect(shellWords('  node server.js {fs}\n  --flag $HOME *.md ', 'x')).toEqual([
      'node',
      'server.js',
      '{fs}',
      '--flag',
      '$HOME',
      '*.md',
    ]);
    expect(shellWords('', 'x')).toEqual([]);
  });

  it('keeps quoted text as one word, empty quotes as an empty word', () => {
    expect(shellWords(`--env 'A=a b' "B=\\"c\\" \\\\ \\n" ''`, 'x')).toEqual([
      '--env',
      'A=a b',
      'B="c" \\ \\n',
      '',
    ]);
    expect(shellWords('a\\ b c\\\nd', 'x')).toEqual(['a b', 'cd']);
    expect(shellWords(`it"'"s`, 'x')).toEqual([`it's`]);
  });

  it('says which input has an unclosed quote', () => {
    expect(() => shellWords(`node "server.js`, 'input command')).toThrow(
      /^input command: the quote " opened in "node \\"server\.js" is never closed/,
    );
  });

  it('gives back any words a shell would quote', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme-ascii' })), (words) => {
        expect(shellWords(words.map(quoted).join(' \n\t'), 'x')).toEqual(words);
      }),
    );
  });
});
