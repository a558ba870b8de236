import { describe, expect, it } from 'vitest';
import { parseIgnorePattern } from '../../../../src/engine/policy/ignorePattern.js';
import { SetupError } from '../../../../src/model/setupError.js';
import { exclusionOf } from '../../../../src/engine/policy/exclusion.js';
import { change } from '../observationFixtures.js';

describe('parseIgnorePattern', () => {
  it('reads ENV:GLOB, a bare glob, and a colon that is part of the glob', () => {
    expect(parseIgnorePattern('fs:**/*.log')).toEqual({ environment: 'fs', glob: '**/*.log' });
    expect(parseIgnorePattern('pg:public.t(id=1)')).toEqual({ environment: 'pg', glob: 'public.t(id=1)' });
    expect(parseIgnorePattern('**/*.log')).toEqual({ glob: '**/*.log' });
    expect(parseIgnorePattern('**/a:b')).toEqual({ glob: '**/a:b' });
    expect(parseIgnorePattern('fs:data/x.json#/items/[id=b1]')).toEqual({
      environment: 'fs',
      glob: 'data/x.json#/items/[id=b1]',
    });
    expect(parseIgnorePattern('fs:notes\\[1.md')).toEqual({ environment: 'fs', glob: 'notes\\[1.md' });
    expect(parseIgnorePattern('fs:[{]x')).toEqual({ environment: 'fs', glob: '[{]x' });
    for (const glob of ['[]]', '[!]]', '[^]]x', '[]a]']) {
      expect(parseIgnorePattern(`fs:${glob}`)).toEqual({ environment: 'fs', glob });
    }
  });

  it.each([
    ['[', /"\[" at column 1 is never closed/],
    ['fs:{a,b', /"\{" at column 4 is never closed/],
    ['fs:a]', /"\]" at column 5 closes nothing/],
    ['fs:(a]', /"\]" at column 6 closes nothing/],
    ['fs:[]', /"\[" at column 4 is never closed/],
    ['files:**', /no environment is called "files".*fs, home, tmp, pkg, sqlite, pg, observed/],
    ['pg:', /the pattern after the environment is empty/],
    ['', /is empty/],
  ])('refuses %j with a message saying what is wrong', (pattern, message) => {
    expect(() => parseIgnorePattern(pattern)).toThrow(SetupError);
    expect(() => parseIgnorePattern(pattern)).toThrow(message);
  });

  it('a glob whose colon prefix is not a name matches in every environment', () => {
    const isExcluded = exclusionOf([], ['**/a:b']);
    expect(isExcluded(change('add', 'x/a:b'))).toBe(true);
    expect(isExcluded({ ...change('add', 'x/a:b'), environment: 'home' })).toBe(true);
  });
});
