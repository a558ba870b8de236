import { describe, expect, it } from 'vitest';
import { NotUnderstood } from '../../../harness/environments/notUnderstood.js';
import { ParseBudget } from '../../../harness/environments/parseBudget.js';
import { understand } from '../../../harness/environments/understand.js';

describe('ParseBudget', () => {
  it('lets a reading spend up to its limits, then says which one it went past', () => {
    const budget = new ParseBudget('SQLite', { bytes: 100, steps: 3, ms: 1000 }, () => 0);
    budget.spend(100, 'a payload');
    expect(() => budget.spend(1, 'one more byte')).toThrow(
      new NotUnderstood(
        'SQLite',
        'one more byte (1 bytes) would take its reading past 0 MiB of decoded data, more than a file of its size holds',
      ),
    );
    for (let i = 0; i < 3; i++) budget.step();
    expect(() => budget.step()).toThrow(/visited more than 3 pages or entries/);
  });

  it('refuses sizes no allocation can have', () => {
    const budget = ParseBudget.forInput('SQLite', 0);
    expect(() => budget.spend(Number.POSITIVE_INFINITY, 'x')).toThrow(NotUnderstood);
    expect(() => budget.spend(-1, 'x')).toThrow(NotUnderstood);
  });

  it('reads the clock every 1024 steps and stops past the deadline', () => {
    let now = 0;
    const budget = new ParseBudget('git', { bytes: 1, steps: 1e9, ms: 50 }, () => now);
    for (let i = 0; i < 1023; i++) budget.step();
    now = 51;
    expect(() => budget.step()).toThrow(/took more than 0.05 s/);
  });

  it('grows with its input', () => {
    const small = ParseBudget.forInput('SQLite', 0);
    const large = ParseBudget.forInput('SQLite', 1024 * 1024 * 1024);
    expect(() => small.spend(65 * 1024 * 1024, 'x')).toThrow(NotUnderstood);
    expect(() => large.spend(65 * 1024 * 1024, 'x')).not.toThrow();
  });
});

describe('understand', () => {
  it("returns the reading's result, or why it failed, whatever the reader threw", () => {
    expect(understand('JSON', 10, () => 42)).toBe(42);
    const malformed = understand('SQLite', 10, () => {
      throw new NotUnderstood('SQLite', 'page 2 is not a b-tree page');
    });
    expect(malformed).toEqual(new NotUnderstood('SQLite', 'page 2 is not a b-tree page'));
    const crashed = understand('SQLite', 10, () => new Uint8Array(-1));
    expect(crashed).toBeInstanceOf(NotUnderstood);
    expect((crashed as NotUnderstood).message).toMatch(
      /^not understood as SQLite: its reader failed \(RangeError: Invalid typed array length/,
    );
  });
});
