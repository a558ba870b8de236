import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SandboxLost } from '../../../../harness/index.js';
import type { RunSession } from '../../../../src/engine/session/session.js';
import { newWorld, shelfPool } from '../inProcessServers.js';

/** Counts the sessions of a pool that were disposed, by wrapping each one's dispose as it starts. */
function countingDisposals(): { disposed: () => number; adapt: (session: RunSession) => RunSession } {
  let disposed = 0;
  return {
    disposed: () => disposed,
    adapt: (session) => ({
      ...session,
      [Symbol.asyncDispose]: async () => {
        disposed++;
        await session[Symbol.asyncDispose]();
      },
    }),
  };
}

describe('SessionPool (in-process shelf servers)', () => {
  it('hands the session prepared after one take to the next, and disposes every session it started', async () => {
    const world = newWorld();
    const counting = countingDisposals();
    {
      await using pool = await shelfPool(world, counting.adapt);
      const first = await pool.take();
      pool.release(first);
      const second = await pool.take();
      expect(second.sandbox.directory).not.toBe(first.sandbox.directory);
      pool.release(second);
    }
    // Two taken and one prepared: a pool per taker would have started one more for nothing.
    expect(world.instances).toBe(3);
    expect(counting.disposed()).toBe(3);
  });

  it('gives takers at once a session each and loses no prepared one', async () => {
    const world = newWorld();
    const counting = countingDisposals();
    {
      await using pool = await shelfPool(world, counting.adapt, 2);
      const [a, b] = await Promise.all([pool.take(), pool.take()]);
      expect(a?.sandbox.directory).not.toBe(b?.sandbox.directory);
      pool.release(a);
      pool.release(b);
      const [c, d] = await Promise.all([pool.take(), pool.take()]);
      pool.release(c);
      pool.release(d);
    }
    // Four taken and two kept prepared, each of them disposed.
    expect(world.instances).toBe(6);
    expect(counting.disposed()).toBe(6);
  });

  it('keeps no more sessions prepared than it is told', async () => {
    const world = newWorld();
    {
      await using pool = await shelfPool(world, undefined, 2);
      const [a, b] = await Promise.all([pool.take(), pool.take()]);
      pool.release(a);
      pool.release(b);
      // Four started: two taken, two prepared. One taker left: its takes use those, and only one is ever
      // prepared behind them (with two takers, each take would keep two).
      pool.limitSpares(1);
      pool.release(await pool.take());
      pool.release(await pool.take());
      pool.release(await pool.take());
      // None left: a take still gets the session prepared, and nothing is prepared after it.
      pool.limitSpares(0);
      pool.release(await pool.take());
    }
    // Six started: a pool that kept two prepared throughout would have started eight.
    expect(world.instances).toBe(6);
  });

  it('hands a caller that needs a young session a new one, and keeps the one that waited prepared', async () => {
    const world = newWorld();
    const started: RunSession[] = [];
    {
      await using pool = await shelfPool(world, (session) => (started.push(session), session));
      pool.release(await pool.take());
      await vi.waitFor(() => expect(started).toHaveLength(2));
      const spare = started[1]!;
      // The session prepared behind that take waits 300 ms: too old for a control run that needs under 200.
      await new Promise((resolve) => setTimeout(resolve, 300 - (performance.now() - spare.startedAt)));
      const young = await pool.take(200);
      expect(young.sandbox.directory).not.toBe(spare.sandbox.directory);
      expect(performance.now() - young.startedAt).toBeLessThan(200);
      pool.release(young);
      // The one that waited is still prepared: the next taker without a bound gets it.
      const waited = await pool.take();
      expect(waited.sandbox.directory).toBe(spare.sandbox.directory);
      pool.release(waited);
    }
    // The first, the one that waited, the young one, and one prepared behind the last take.
    expect(world.instances).toBe(4);
  });

  it("takes a prepared session's state again when it is taken: what came meanwhile is not its first call's", async () => {
    const started: RunSession[] = [];
    await using pool = await shelfPool(newWorld(), (session) => (started.push(session), session));
    pool.release(await pool.take());
    await vi.waitFor(() => expect(started).toHaveLength(2));
    const spare = started[1]!;
    // Shared state another session changed while this one waited (as a database made in the cluster).
    writeFileSync(join(spare.placeholders.fs ?? '', 'meanwhile.txt'), 'x');
    const taken = await pool.take();
    expect(taken.sandbox.directory).toBe(spare.sandbox.directory);
    expect(taken.sandbox.diff(taken.baseline, await taken.sandbox.snapshot())).toEqual([]);
    expect(spare.sandbox.diff(spare.baseline, await taken.sandbox.snapshot())).not.toEqual([]);
    pool.release(taken);
  });

  it('sees sessions taken after view() through it, prepared ones included, and disposes what it wraps', async () => {
    const world = newWorld();
    const counting = countingDisposals();
    const viewed: string[] = [];
    {
      await using pool = await shelfPool(world, counting.adapt);
      const plain = await pool.take();
      pool.release(plain);
      pool.view((session) => {
        viewed.push(session.sandbox.directory);
        return Promise.resolve({ ...session, tools: [] });
      });
      const seen = await pool.take();
      expect(seen.tools).toEqual([]);
      expect(viewed).toEqual([seen.sandbox.directory]);
      expect(plain.tools.length).toBeGreaterThan(0);
      pool.release(seen);
    }
    expect(counting.disposed()).toBe(world.instances);
  });

  it('starts a fresh session for a taker when the prepared one was lost while it started', async () => {
    const world = newWorld();
    let starts = 0;
    const lostSecond = (session: RunSession): RunSession => {
      // The second start is the one prepared behind the first take: a server that ended the role's database
      // sessions while it was being made.
      if (++starts === 2) throw new SandboxLost('terminating connection due to administrator command');
      return session;
    };
    {
      await using pool = await shelfPool(world, lostSecond);
      const first = await pool.take();
      pool.release(first);
      const next = await pool.take();
      expect(next.sandbox.directory).not.toBe(first.sandbox.directory);
      pool.release(next);
    }
    // The first, the lost one, the fresh one, and one prepared behind the last take.
    expect(world.instances).toBe(4);
  });

  it('starts a fresh session when the prepared one can no longer be seen when taken', async () => {
    const world = newWorld();
    const counting = countingDisposals();
    const started: RunSession[] = [];
    {
      await using pool = await shelfPool(world, (session) => {
        const counted = counting.adapt(session);
        started.push(counted);
        if (started.length !== 2) return counted;
        // Its snapshot fails from now on, as a database session ended behind hintproof's back.
        const lost = (): Promise<never> => Promise.reject(new SandboxLost('connection ended'));
        const sandbox: RunSession['sandbox'] = Object.create(counted.sandbox) as RunSession['sandbox'];
        return { ...counted, sandbox: Object.assign(sandbox, { snapshot: lost }) };
      });
      pool.release(await pool.take());
      await vi.waitFor(() => expect(started).toHaveLength(2));
      const next = await pool.take();
      expect(next.sandbox.directory).not.toBe(started[1]!.sandbox.directory);
      pool.release(next);
    }
    expect(world.instances).toBe(4);
    // The lost one is disposed too.
    expect(counting.disposed()).toBe(4);
  });

  it('passes on a failure that is no lost sandbox: the start itself is broken', async () => {
    let starts = 0;
    await using pool = await shelfPool(newWorld(), (session) => {
      if (++starts === 2) throw new Error('the server exited at start-up');
      return session;
    });
    pool.release(await pool.take());
    await expect(pool.take()).rejects.toThrow('the server exited at start-up');
  });
});
