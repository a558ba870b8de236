import { vi } from 'vitest';

/** How far virtual time is ahead of the real clock. */
let ahead = 0;

/**
 * `node:timers/promises`' `setTimeout` in virtual time: the clock jumps `ms` ahead and the promise settles on the
 * next turn of the event loop. A test file puts it in place with
 * `vi.mock('node:timers/promises', …)` (see `fakeEngine.isolated.test.ts`), so that the engine's waits (the ambient
 * pause, control windows, `letServerRun`) cost no real time against a fake server, which has no timers of its
 * own to wait for.
 */
export async function virtualSleep<T = void>(ms?: number, value?: T): Promise<T> {
  ahead += Math.max(0, ms ?? 0);
  await new Promise((resolve) => setImmediate(resolve));
  return value as T;
}

/** `performance.now()` in virtual time (ages, durations, window ends) until the returned function restores it. */
export function useVirtualTime(): () => void {
  const real = performance.now.bind(performance);
  const spy = vi.spyOn(performance, 'now').mockImplementation(() => real() + ahead);
  return () => spy.mockRestore();
}
