import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Activity, ThreadWork } from '../../../../harness/process/index.js';
import type { McpConnection } from '../../../../src/mcp/index.js';
import { settlingCalls } from '../../../../src/engine/session/settleCalls.js';
import { SettleLog } from '../../../../src/engine/session/settleLog.js';

/**
 * A server of one thread whose state after each call is scripted by the ms since the call answered: `idle`,
 * `busy`, or a wait `{ due }` whose time-out (a duration, as libuv's, from the answer) is `due` ms after it.
 */
function scripted(afterCall: (ms: number, calls: number) => 'idle' | 'busy' | { due: number; tag?: string }) {
  let answeredAt: number | undefined;
  let calls = 0;
  const threads = (): ThreadWork[] => {
    if (answeredAt === undefined) return [{ thread: '1/1', line: 'idle', work: { state: 'idle' } }];
    const ms = performance.now() - answeredAt;
    const state = afterCall(ms, calls);
    if (state === 'idle') return [{ thread: '1/1', line: 'idle', work: { state: 'idle' } }];
    if (state === 'busy') return [{ thread: '1/1', line: 'running', work: { state: 'busy' } }];
    // The thread went back to its wait when the call answered, and the scheduler dates that to the ms (as
    // /proc/<tid>/sched does): the timer is known exactly, however late it is read on a loaded machine.
    return [
      {
        thread: '1/1',
        line: `281 wait ${state.tag ?? state.due}`,
        work: { state: 'timer', timeoutMs: state.due, startedAt: answeredAt },
      },
    ];
  };
  const connection = {
    callTool: () => {
      calls++;
      answeredAt = performance.now();
      return Promise.resolve({ status: 'returned', text: 'ok', isError: false });
    },
    readResource: () => Promise.resolve({ status: 'returned', text: 'ok', isError: false }),
  } as unknown as McpConnection;
  return { threads, connection };
}

async function timed(connection: McpConnection): Promise<number> {
  const start = performance.now();
  await connection.callTool('t', {}, 5);
  return performance.now() - start;
}

describe('settlingCalls', () => {
  it('ends a call once the timer it set has fired and the server is idle again', async () => {
    const server = scripted((ms) => (ms < 150 ? { due: 150 } : ms < 170 ? 'busy' : 'idle'));
    const log = new SettleLog(2000);
    const waited = await timed(settlingCalls(server.connection, { threads: server.threads, log }));
    expect(waited).toBeGreaterThanOrEqual(165);
    expect(waited).toBeLessThan(1000);
    expect(log.summary()).toMatchObject({ calls: 1, waited: 1 });
    // Its due time after the answer, less the moment the settle began after it (more on a loaded machine).
    expect(log.summary().trailMs).toBeGreaterThanOrEqual(100);
  });

  it('does not wait for a server that answered with nothing left to do', async () => {
    const server = scripted(() => 'idle');
    const log = new SettleLog(2000);
    expect(await timed(settlingCalls(server.connection, { threads: server.threads, log }))).toBeLessThan(50);
    expect(log.summary()).toMatchObject({ calls: 1, waited: 0, trailMs: 0 });
  });

  it('does not wait past the bound, and says what was left', async () => {
    const server = scripted(() => ({ due: 5000 }));
    const log = new SettleLog(300);
    expect(await timed(settlingCalls(server.connection, { threads: server.threads, log }))).toBeLessThan(100);
    expect(log.summary().beyondBound).toBe(1);
    expect(log.summary().beyondMs).toBeGreaterThan(4500);
  });

  it('waits past a timer pending before the call only once calls were seen to trail that long', async () => {
    // One timer of the server's own, due 250 ms after the first call: the second call wakes the thread, which
    // goes back to wait for the same timer (a timer the call set could be queued behind it).
    let first: number | undefined;
    const server = scripted((ms, calls) => {
      first ??= performance.now() - ms;
      const due = 250 - (performance.now() - ms - first);
      // Due `due` ms after this call's answer, when the thread went back to wait for it.
      return due < ms ? 'idle' : { due, tag: `rhythm after call ${calls}` };
    });
    const log = new SettleLog(3000);
    const connection = settlingCalls(server.connection, { threads: server.threads, log });
    await server.connection.callTool('t', {}, 5); // sets it, unsettled, while the connection watches
    expect(await timed(connection), 'not learned: not waited past').toBeLessThan(60);
    log.trailed(1000);
    expect(await timed(connection), 'learned: waited past').toBeGreaterThan(150);
  });

  /** A tree whose counters move by `write` bytes per call of `act` (0: it only wakes its own threads). */
  function counters() {
    let reads = 0;
    let bytes = 0;
    return {
      act: (write: number) => {
        reads++;
        bytes += write === 0 ? 8 : write;
      },
      read: (): Activity =>
        new Map([[1, { reads, writes: 0, readBytes: bytes, writtenBytes: 0, threads: 2 }]]),
    };
  }
  /** A server whose every call sets a 150 ms timer that, once fired, moves the tree's counters by `write`. */
  function firing(write: number) {
    const tree = counters();
    let fired = 0;
    const server = scripted((ms, calls) => {
      if (ms < 150) return { due: 150, tag: `call ${calls}` };
      for (; fired < calls; fired++) tree.act(write);
      return 'idle';
    });
    return { tree, server };
  }
  const untraced = async (wait: () => Promise<void>) => {
    await wait();
    return false;
  };

  it('stops waiting for a timer of one length once it fired twice with nothing done', async () => {
    // A cleared time-out: the loop wakes and runs nothing, but the wake-up of its own eventfd.
    const { tree, server } = firing(0);
    const log = new SettleLog(2000);
    const connection = settlingCalls(server.connection, {
      threads: server.threads,
      log,
      timerWait: untraced,
      activity: tree.read,
    });
    expect(await timed(connection)).toBeGreaterThan(140);
    expect(await timed(connection)).toBeGreaterThan(140);
    expect(await timed(connection), 'learned idle').toBeLessThan(60);
    expect(log.summary()).toMatchObject({ idleLeft: 1, trailMs: 0 });
  });

  it('keeps waiting for a timer whose fires write, and learns the bound past other timers from it', async () => {
    const { tree, server } = firing(23); // a debounced save
    const log = new SettleLog(2000);
    const connection = settlingCalls(server.connection, {
      threads: server.threads,
      log,
      timerWait: untraced,
      activity: tree.read,
    });
    for (let call = 0; call < 4; call++) expect(await timed(connection)).toBeGreaterThan(140);
    expect(log.summary().idleLeft).toBeUndefined();
    expect(log.summary().trailMs).toBeGreaterThanOrEqual(140);
  });

  it('counts a timer during which egress was attempted as work', async () => {
    const tree = counters();
    const server = scripted((ms, calls) => (ms < 150 ? { due: 150, tag: `call ${calls}` } : 'idle'));
    const sent = async (wait: () => Promise<void>) => {
      await wait();
      return true;
    };
    const connection = settlingCalls(server.connection, {
      threads: server.threads,
      log: new SettleLog(2000),
      timerWait: sent,
      activity: tree.read,
    });
    for (let call = 0; call < 3; call++) expect(await timed(connection)).toBeGreaterThan(140);
  });

  it('leaves no timer unwaited again once the server did something between calls after one was', async () => {
    const tree = counters();
    const server = scripted((ms, calls) => (ms < 150 ? { due: 150, tag: `call ${calls}` } : 'idle'));
    const log = new SettleLog(2000);
    const connection = settlingCalls(server.connection, {
      threads: server.threads,
      log,
      timerWait: untraced,
      activity: tree.read,
    });
    await timed(connection);
    await timed(connection);
    expect(await timed(connection), 'learned idle').toBeLessThan(60);
    await sleep(200);
    tree.act(100); // what the unwaited timer did, landing after the settle
    expect(await timed(connection), 'distrusted: waited again').toBeGreaterThan(140);
    expect(log.summary().distrusted).toBe(1);
  });
});
