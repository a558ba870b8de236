import { describe, expect, it } from 'vitest';
import { HandedSession } from '../../../../src/engine/session/handedSession.js';
import { SessionRunner } from '../../../../src/engine/run/sessionRunner.js';
import { call, newWorld, OPTIONS, shelfPool } from '../inProcessServers.js';

describe('a session handed on (the probe’s, to the first tool)', () => {
  it('is the first session of the runner it is offered to, taken once, and not released twice', async () => {
    const world = newWorld();
    {
      await using pool = await shelfPool(world);
      const probe = await pool.take();
      // The probe's session holds what was made in it: the runner's first run meets it.
      await probe.connection.callTool('put', { name: 'kept' }, 10);
      const handed = new HandedSession(pool, probe);
      const runner = new SessionRunner(pool, 20, handed.take);
      try {
        const first = await runner.run(0, [], call('take', { name: 'kept' }), OPTIONS);
        expect(first.existing.has('kept')).toBe(true);
        expect(first.observation?.call1.outcome.status).toBe('returned');
        expect(handed.take()).toBeUndefined();
      } finally {
        runner.close();
        handed.drop();
      }
    }
    // The probe's, the one prepared behind it, and no other: the runner took none from the pool.
    expect(world.instances).toBe(2);
  });

  it('is released when nobody takes it', async () => {
    const world = newWorld();
    let disposed = 0;
    {
      await using pool = await shelfPool(world, (session) => ({
        ...session,
        [Symbol.asyncDispose]: async () => {
          disposed++;
          await session[Symbol.asyncDispose]();
        },
      }));
      const handed = new HandedSession(pool, await pool.take());
      handed.drop();
      handed.drop();
    }
    // The handed session and the one prepared behind it, each disposed once.
    expect(disposed).toBe(2);
  });
});
