import { describe, expect, it } from 'vitest';
import { CLIENT_IMPACT } from '../../../src/hints/clientImpact.js';
import { HINT_NAMES, SPEC_DEFAULTS } from '../../../src/model/hints.js';

describe('the client-impact table', () => {
  it('covers every hint', () => {
    for (const hint of HINT_NAMES) expect(CLIENT_IMPACT.some((row) => row.hint === hint)).toBe(true);
  });

  it('has rows only for the tighter value, the one a contradiction can show false', () => {
    for (const row of CLIENT_IMPACT) expect(row.value).toBe(!SPEC_DEFAULTS[row.hint]);
  });

  it('gives every row a public https source with the day it was read, or an explicit note', () => {
    for (const row of CLIENT_IMPACT) {
      if (row.source === undefined) {
        expect(row.checked).toBeUndefined();
        expect(row.note).toMatch(/no public source/);
        continue;
      }
      expect(new URL(row.source).protocol).toBe('https:');
      expect(row.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const day = new Date(`${row.checked!}T00:00:00Z`);
      expect(day.toISOString().slice(0, 10)).toBe(row.checked);
      expect(day.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('has no row twice, and says what each client does', () => {
    const keys = CLIENT_IMPACT.map((row) => `${row.client}|${row.mode}|${row.hint}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const row of CLIENT_IMPACT) {
      expect(row.client.trim()).not.toBe('');
      expect(row.mode.trim()).not.toBe('');
      expect(row.effect.trim()).not.toBe('');
    }
  });

  it('conditions rows only on other hints', () => {
    for (const row of CLIENT_IMPACT) {
      const conditions = [...Object.keys(row.alsoEffective ?? {}), ...Object.keys(row.unlessDeclared ?? {})];
      for (const name of conditions) {
        expect(HINT_NAMES).toContain(name);
        expect(name).not.toBe(row.hint);
      }
    }
  });
});
