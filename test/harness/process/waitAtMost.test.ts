import { describe, expect, it, vi } from 'vitest';
import { waitAtMost } from '../../../harness/process/waitAtMost.js';

describe('waitAtMost', () => {
  it('returns when the promise settles, or when the time is up', async () => {
    let started = performance.now();
    await waitAtMost(Promise.resolve(), 10_000);
    expect(performance.now() - started).toBeLessThan(1000);
    started = performance.now();
    await waitAtMost(new Promise(() => {}), 50);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('leaves no pending timer once the promise settled first', async () => {
    // Watched through the timer functions, not the process's count of timers: other files' timers (this
    // worker runs many) come and go meanwhile.
    const set = vi.spyOn(globalThis, 'setTimeout');
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    try {
      await waitAtMost(Promise.resolve(), 10_000);
      await waitAtMost(new Promise((resolve) => setImmediate(resolve)), 10_000);
      const made = set.mock.results.filter((_, at) => set.mock.calls[at]?.[1] === 10_000);
      expect(made).toHaveLength(2);
      // A timer left behind would hold the process open for 10 s (it did for 5 s after every pg check).
      for (const timer of made) expect(cleared).toHaveBeenCalledWith(timer.value);
    } finally {
      set.mockRestore();
      cleared.mockRestore();
    }
  });
});
