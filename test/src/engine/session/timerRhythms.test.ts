import { describe, expect, it } from 'vitest';
import type { Activity, ThreadWork } from '../../../../harness/process/index.js';
import type { McpConnection } from '../../../../src/mcp/index.js';
import { settlingCalls } from '../../../../src/engine/session/settleCalls.js';
import { SettleLog } from '../../../../src/engine/session/settleLog.js';
import { TimerRhythms } from '../../../../src/engine/session/timerRhythms.js';

/** A timer of thread 1/1 given as a duration of `timeoutMs`, due at `dueAt`. */
const pending = (dueAt: number, timeoutMs: number, thread = '1/1') => ({
  thread,
  line: `wait ${dueAt}`,
  dueAt,
  earliest: dueAt,
  timeoutMs,
});

describe('TimerRhythms', () => {
  it('learns a length from re-arms in a row, each begun as the one before fired', () => {
    const rhythms = new TimerRhythms();
    // A timer pending before the call (its remaining 120 ms), then the interval armed again twice.
    rhythms.fired(pending(1000, 120), 1000, 900);
    expect(rhythms.rearmed(pending(1300, 300), 900), 'one fire: nothing learned').toBe(false);
    rhythms.fired(pending(1300, 300), 1300, 900);
    expect(rhythms.rearmed(pending(1603, 300), 900), 'one re-arm: not yet a row').toBe(false);
    rhythms.fired(pending(1604, 300), 1604, 900);
    // Learned: armed again by the fire at 1604 (with Node's few ms of drift).
    expect(rhythms.rearmed(pending(1906, 300), 1500)).toBe(true);
    // Not when the fire was before this settle began (a call armed it, after the fire).
    expect(rhythms.rearmed(pending(1906, 300), 1700)).toBe(false);
    // Not armed at the fire; another length; another thread.
    expect(rhythms.rearmed(pending(1990, 300), 1500)).toBe(false);
    expect(rhythms.rearmed(pending(1804, 200), 1500)).toBe(false);
    expect(rhythms.rearmed(pending(1906, 300, '1/2'), 1500)).toBe(false);
  });

  it("does not take a call's chain for a rhythm: a debounce whose fire arms a save of the same length", () => {
    const rhythms = new TimerRhythms();
    // Each call comes 30 ms after the last save fired (its settle begins 5 ms after it): the debounce it arms
    // begins as close to that fire as a rhythm's re-arm would.
    for (let call = 0; call < 5; call++) {
      const at = call * 330;
      // The call arms a 150 ms debounce (at the call, not at a fire); its fire arms a 150 ms save.
      rhythms.fired(pending(at + 150, 150), at + 150, at + 5);
      expect(rhythms.rearmed(pending(at + 300, 150), at + 5)).toBe(false);
      rhythms.fired(pending(at + 300, 150), at + 300, at + 5);
    }
  });
});

/**
 * A server of one thread running an interval of `period` ms from its start that does something at each fire
 * (its activity moves), whose calls set nothing: a libuv loop, whose wait shows only the interval's next fire.
 */
function metronome(period: number) {
  const start = performance.now();
  let answeredAt = -Infinity;
  const lastFire = (now: number) => start + Math.floor((now - start) / period) * period;
  const threads = (): ThreadWork[] => {
    const now = performance.now();
    const fire = lastFire(now);
    // The loop went back to wait when it last woke: at the call's answer, or at the interval's last fire.
    const woke = Math.max(fire, answeredAt);
    return [
      {
        thread: '1/1',
        line: `wait from ${woke.toFixed(3)}`,
        work: { state: 'timer', timeoutMs: fire + period - woke, startedAt: woke },
      },
    ];
  };
  const activity = (): Activity => {
    const fires = Math.floor((performance.now() - start) / period);
    return new Map([[1, { reads: 0, writes: fires, readBytes: 0, writtenBytes: fires, threads: 1 }]]);
  };
  const connection = {
    callTool: () => {
      answeredAt = performance.now();
      return Promise.resolve({ status: 'returned', text: 'ok', isError: false });
    },
    readResource: () => Promise.resolve({ status: 'returned', text: 'ok', isError: false }),
  } as unknown as McpConnection;
  return { threads, activity, connection };
}

describe('settling beside a rhythm of the server', () => {
  it('waits once for the fire a call may be queued behind, not for the rhythm it arms again', async () => {
    const server = metronome(120);
    const log = new SettleLog(2000);
    // A call earlier in the check left a timer that trailed its answer: timers due soon are waited past.
    log.trailed(200);
    const connection = settlingCalls(server.connection, {
      threads: server.threads,
      log,
      activity: server.activity,
    });
    const times: number[] = [];
    for (let call = 0; call < 8; call++) {
      const start = performance.now();
      await connection.callTool('t', {}, 5);
      times.push(performance.now() - start);
    }
    // Once two fires were seen, a call waits for the next fire at most (the period, and the moment after it
    // given to what it fired), never for the rhythm's fires after it.
    for (const ms of times.slice(3)) expect(ms).toBeLessThan(120 + 25 + 60);
    expect(log.summary().rhythmLeft).toBeGreaterThan(0);
    // The rhythm is not what calls leave behind: the horizon is not stretched by its fires.
    expect(log.summary().trailMs).toBeLessThan(400);
  });
});
