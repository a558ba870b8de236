import { describe, expect, it } from 'vitest';
import { exclusionOf } from '../../../src/run/exclusion.js';
import { change } from './observationFixtures.js';

describe('exclusionOf', () => {
  it('excludes exactly the ambient entities and the --ignore matches', () => {
    const isExcluded = exclusionOf([change('modify', 'clock.txt')], ['fs:**/*.log']);
    expect(isExcluded(change('modify', 'clock.txt'))).toBe(true);
    expect(isExcluded(change('append', '.access.log'))).toBe(true);
    expect(isExcluded(change('append', 'logs/deep/x.log'))).toBe(true);
    expect(isExcluded(change('modify', 'notes/a.md'))).toBe(false);
    expect(isExcluded(change('add', 'clock.txt.bak'))).toBe(false);
  });

  it('excludes nothing by default', () => {
    const isExcluded = exclusionOf([], []);
    for (const entity of ['.access.log', 'a.tmp', '.git/index', 'node_modules/x']) {
      expect(isExcluded(change('add', entity))).toBe(false);
    }
  });
});
