import { describe, expect, it } from 'vitest';
import { waitAtMost } from '../../../harness/process/waitAtMost.js';

/** The timers pending in this process now (each holds the process open until it fires). */
const pendingTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

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
    const before = pendingTimers();
    await waitAtMost(Promise.resolve(), 10_000);
    await waitAtMost(new Promise((resolve) => setImmediate(resolve)), 10_000);
    // A timer left behind would hold the process open for 10 s (it did for 5 s after every pg check).
    expect(pendingTimers()).toBe(before);
  });
});
