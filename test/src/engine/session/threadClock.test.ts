import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { ThreadWork } from '../../../../harness/process/index.js';
import { sameTimer, ThreadClock } from '../../../../src/engine/session/threadClock.js';

/** One thread, showing whatever `state` holds at each read. */
function oneThread() {
  const shown: { current: ThreadWork } = {
    current: { thread: '1/1', line: 'running', work: { state: 'busy' } },
  };
  return { shown, clock: new ThreadClock(() => [shown.current]) };
}

describe('ThreadClock', () => {
  it('dates a wait between the reads around it, or to the ms where the scheduler says when it began', async () => {
    const { shown, clock } = oneThread();
    clock.read();
    await sleep(120);
    // A loop's timer seen after a long gap: due 8 s after some moment in those 120 ms.
    const began = performance.now() - 70;
    shown.current = { thread: '1/1', line: '281 8000', work: { state: 'timer', timeoutMs: 8000 } };
    const [wide] = clock.read() ?? [];
    expect((wide?.dueAt ?? 0) - (wide?.earliest ?? 0)).toBeGreaterThanOrEqual(110);
    // The same wait, had the scheduler dated its start (70 ms ago): known to the ms.
    clock.read();
    await sleep(120);
    shown.current = {
      thread: '1/1',
      line: '281 8000 again',
      work: { state: 'timer', timeoutMs: 8000, startedAt: performance.now() - 70 },
    };
    const [exact] = clock.read() ?? [];
    const due = (exact?.earliest ?? 0) + 3;
    expect(exact?.dueAt).toBeCloseTo(due + 3, 5);
    // A timer due 40 ms after the first may be it when the first is known only within 120 ms; not when both
    // are dated.
    const later = { thread: '1/1', line: 'x', dueAt: due + 40 + 3, earliest: due + 40 - 3 };
    expect(wide && sameTimer(wide, { ...later, dueAt: began + 8040, earliest: began + 8034 })).toBe(true);
    expect(exact && sameTimer(exact, later), 'told apart once both are dated').toBe(false);
  });

  it('keeps to its own reads when a dated time-out would already have passed, the thread still waiting', async () => {
    const { shown, clock } = oneThread();
    clock.read();
    await sleep(50);
    const started = performance.now() - 40;
    shown.current = {
      thread: '1/1',
      line: '281 10',
      work: { state: 'timer', timeoutMs: 10, startedAt: started },
    };
    const [pending] = clock.read() ?? [];
    expect((pending?.dueAt ?? 0) - (pending?.earliest ?? 0)).toBeGreaterThan(40);
  });

  it('keeps to its own reads when the scheduler dates a wait where they say it cannot have begun', async () => {
    const { shown, clock } = oneThread();
    clock.read();
    await sleep(50);
    const last = performance.now();
    clock.read();
    await sleep(50);
    shown.current = {
      thread: '1/1',
      line: '281 1000',
      work: { state: 'timer', timeoutMs: 1000, startedAt: last - 5000 },
    };
    const [pending] = clock.read() ?? [];
    expect(pending?.earliest).toBeGreaterThanOrEqual(last + 1000);
    expect((pending?.dueAt ?? 0) - (pending?.earliest ?? 0)).toBeGreaterThan(40);
  });
});
