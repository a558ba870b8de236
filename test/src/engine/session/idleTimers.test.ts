import { describe, expect, it } from 'vitest';
import { IdleTimers } from '../../../../src/engine/session/idleTimers.js';
import type { Pending } from '../../../../src/engine/session/threadClock.js';

const timer = (thread: string, timeoutMs: number): Pending => ({
  thread,
  line: `281 ${timeoutMs}`,
  dueAt: 1000 + timeoutMs,
  earliest: 1000 + timeoutMs,
  timeoutMs,
});

describe('IdleTimers', () => {
  it("learns a main thread's timer of one length idle after two empty fires, and only that length", () => {
    const idle = new IdleTimers();
    idle.fired(timer('7/7', 300), true);
    expect(idle.idle(timer('7/7', 300))).toBe(false);
    idle.fired(timer('7/7', 296), true);
    expect(idle.idle(timer('7/7', 303)), 'a loop shows a timer a little short of its length').toBe(true);
    expect(idle.idle(timer('7/7', 1200)), 'another length').toBe(false);
    expect(idle.idle(timer('8/8', 300)), 'another process').toBe(false);
    for (let i = 0; i < 10; i++) idle.fired(timer('7/7', 50 + i * 97), true);
    expect(idle.idle(timer('7/7', 2000)), 'a main thread is never learned whole').toBe(false);
  });

  it('never learns a length idle once one of its fires did something', () => {
    const idle = new IdleTimers();
    idle.fired(timer('7/7', 400), false);
    for (let i = 0; i < 5; i++) idle.fired(timer('7/7', 400), true);
    expect(idle.idle(timer('7/7', 400))).toBe(false);
  });

  it('learns a thread other than the main one idle whole after three empty fires of any length', () => {
    const idle = new IdleTimers();
    for (const length of [1, 2, 4]) idle.fired(timer('7/19', length), true);
    expect(idle.idle(timer('7/19', 900))).toBe(true);
    const acting = new IdleTimers();
    for (const length of [1, 2, 4]) acting.fired(timer('7/19', length), true);
    acting.fired(timer('7/19', 8), false);
    expect(acting.idle(timer('7/19', 900))).toBe(false);
  });

  it('learns nothing idle once distrusted', () => {
    const idle = new IdleTimers();
    idle.fired(timer('7/7', 300), true);
    idle.fired(timer('7/7', 300), true);
    idle.distrust();
    expect(idle.idle(timer('7/7', 300))).toBe(false);
    expect(idle.distrusted).toBe(true);
  });
});
