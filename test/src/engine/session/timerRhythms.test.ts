import { describe, expect, it } from 'vitest';
import type { Activity, ThreadWork } from '../../../../harness/process/index.js';
import type { McpConnection } from '../../../../src/mcp/index.js';
import { settlingCalls } from '../../../../src/engine/session/settleCalls.js';
import { SettleLog } from '../../../../src/engine/session/settleLog.js';
import { TimerRhythms } from '../../../../src/engine/session/timerRhythms.js';

const pending = (dueAt: number, timeoutMs: number) => ({
  thread: '1/1',
  line: `wait ${dueAt}`,
  dueAt,
  earliest: dueAt,
  timeoutMs,
});

describe('TimerRhythms', () => {
  it('knows a timer armed as its thread fired, at a period that divides the gaps between fires', () => {
    const rhythms = new TimerRhythms();
    expect(rhythms.rearmed(pending(1300, 300)), 'nothing seen fire yet').toBe(false);
    rhythms.fired('1/1', 1000);
    expect(rhythms.rearmed(pending(1300, 300)), 'one fire: no period yet').toBe(false);
    // Three periods later (the settles between saw none of the fires in between), with Node's drift.
    rhythms.fired('1/1', 1906);
    expect(rhythms.rearmed(pending(2206, 300))).toBe(true);
    // A call's debounce armed at the call, not at the fire; another length; another thread.
    expect(rhythms.rearmed(pending(2400, 300))).toBe(false);
    expect(rhythms.rearmed(pending(2156, 250))).toBe(false);
    expect(rhythms.rearmed({ ...pending(2206, 300), thread: '1/2' })).toBe(false);
    // A chain a call started: a debounce fired at 1906 arming a save of 120 ms does not divide 906.
    expect(rhythms.rearmed(pending(2026, 120))).toBe(false);
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
