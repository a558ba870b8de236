import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  placeholdersIn,
  substitute,
  substituteDeep,
  withPlaceholdersDeep,
} from '../../../../src/engine/session/placeholders.js';

describe('substitute', () => {
  it('replaces known placeholders wherever they stand, and leaves other braces alone', () => {
    const values = { fs: '/tmp/run-1/fs', 'pg.host': '/sock' };
    expect(substitute('--root={fs}/notes {pg.host} {unknown} {"a":1}', values)).toBe(
      '--root=/tmp/run-1/fs/notes /sock {unknown} {"a":1}',
    );
  });

  it('reaches every string of nested arguments, and nothing else', () => {
    const args = { path: '{fs}/a.md', list: ['{fs}', 3, { deep: '{fs}/b' }], n: 1, flag: true, none: null };
    expect(substituteDeep(args, { fs: '/x' })).toEqual({
      path: '/x/a.md',
      list: ['/x', 3, { deep: '/x/b' }],
      n: 1,
      flag: true,
      none: null,
    });
  });

  it('is the identity on text without placeholders', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(placeholdersIn(text).every((name) => name !== 'fs'));
        expect(substitute(text, { fs: '/x' })).toBe(text);
      }),
    );
  });
});

describe('withPlaceholdersDeep', () => {
  it('turns a sandbox path back into its placeholder in every string of an answer, and is undone by substituteDeep', () => {
    const values = { fs: '/tmp/run-1/fs', home: '/tmp/run-1/home' };
    const outcome = {
      status: 'returned',
      isError: true,
      text: 'no such file: /tmp/run-1/fs/a.md',
      structuredContent: { paths: ['/tmp/run-1/home/.rc', 3, null], ok: false },
    };
    const kept = withPlaceholdersDeep(outcome, values);
    expect(kept).toEqual({
      status: 'returned',
      isError: true,
      text: 'no such file: {fs}/a.md',
      structuredContent: { paths: ['{home}/.rc', 3, null], ok: false },
    });
    expect(substituteDeep(kept, values)).toEqual(outcome);
  });
});
