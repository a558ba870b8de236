import { describe, expect, it } from 'vitest';
import { LiveChoice } from '../../../../src/generate/index.js';
import { SessionRunner } from '../../../../src/engine/run/sessionRunner.js';
import { OPTIONS, call, newWorld, shelfPool, touched } from '../inProcessServers.js';

/** A runner over a pool of fresh in-process shelf servers, closed with the pool once `use` settles. */
async function withRunner(
  sessionCalls: number,
  use: (runner: SessionRunner) => Promise<void>,
): Promise<void> {
  await using pool = await shelfPool(newWorld());
  const runner = new SessionRunner(pool, sessionCalls);
  try {
    await use(runner);
  } finally {
    runner.close();
  }
}

describe('SessionRunner (in-process shelf server, fs sandbox)', () => {
  it('checks each command against the state just before it: what earlier runs left is existing state', async () => {
    await withRunner(20, async (runner) => {
      const first = await runner.run(0, [], call('put', { name: 'a' }), OPTIONS);
      expect(touched(first.observation?.call1.changes ?? [])).toEqual(['add fs:a']);
      expect(first.observation?.call2?.changes).toEqual([]);
      expect(first.existing.has('a')).toBe(false);
      const second = await runner.run(1, [], call('take', { name: 'a' }), OPTIONS);
      expect(second.existing.has('a')).toBe(true);
      expect(touched(second.observation?.call1.changes ?? [])).toEqual(['delete fs:a']);
      expect(runner.historyBefore()).toEqual([
        { tool: 'put', args: { name: 'a' }, changed: true, answered: ['put a'] },
        { tool: 'put', args: { name: 'a' }, changed: false, answered: ['already there'] },
      ]);
      expect(runner.sessionStart()).toBe(0);
      expect(runner.history()).toHaveLength(4);
    });
  });

  it('a run preamble is made once before the command, in the same session', async () => {
    await withRunner(20, async (runner) => {
      const result = await runner.run(0, [call('put', { name: 'b' })], call('take', { name: 'b' }), OPTIONS);
      expect(result.steps.map((step) => [step.tool, touched(step.changes)])).toEqual([['put', ['add fs:b']]]);
      expect(touched(result.observation?.call1.changes ?? [])).toEqual(['delete fs:b']);
      expect(runner.historyBefore()).toEqual([]);
      expect(runner.history().map((made) => made.tool)).toEqual(['put', 'take', 'take']);
    });
  });

  it('rolls over to a fresh server and sandbox once the session has made sessionCalls calls', async () => {
    await withRunner(4, async (runner) => {
      await runner.run(0, [], call('put', { name: 'a' }), OPTIONS);
      await runner.run(1, [], call('put', { name: 'b' }), OPTIONS);
      expect(runner.history()).toHaveLength(4);
      // On the old session this third file would fill the shelf and drop `a`; a fresh sandbox holds nothing.
      const third = await runner.run(2, [], call('put', { name: 'c' }), OPTIONS);
      expect(runner.sessionStart()).toBe(2);
      expect(runner.historyBefore()).toEqual([]);
      expect(third.existing.has('a')).toBe(false);
      expect(touched(third.observation?.call1.changes ?? [])).toEqual(['add fs:c']);
      expect(runner.history()).toHaveLength(2);
    });
  });

  it('takes a fresh server and sandbox once the session in use has died', async () => {
    await withRunner(20, async (runner) => {
      await runner.run(0, [], call('put', { name: 'a' }), OPTIONS);
      const stalled = await runner.run(1, [], call('stall', { reason: 'test' }), {
        ...OPTIONS,
        timeoutSeconds: 0.2,
      });
      expect(stalled.observation?.call1.outcome.status).toBe('timeout');
      const next = await runner.run(2, [], call('take', { name: 'a' }), OPTIONS);
      expect(runner.sessionStart()).toBe(2);
      expect(next.existing.has('a')).toBe(false);
      expect(next.observation?.call1.outcome).toMatchObject({ status: 'returned', isError: true });
    });
  });

  it('with sessionCalls 0 every run takes a fresh sandbox', async () => {
    await withRunner(0, async (runner) => {
      await runner.run(0, [], call('put', { name: 'a' }), OPTIONS);
      const second = await runner.run(1, [], call('take', { name: 'a' }), OPTIONS);
      expect(second.existing.has('a')).toBe(false);
      expect(second.observation?.call1.changes).toEqual([]);
      expect(runner.sessionStart()).toBe(1);
      expect(runner.historyBefore()).toEqual([]);
    });
  });

  it('offers later calls the arguments of calls that succeeded, never those of calls that failed', async () => {
    await withRunner(20, async (runner) => {
      const earlier = () => call('take', { name: new LiveChoice(0, ['name'], 'none', () => true) });
      await runner.run(0, [call('put', { name: 'not plain!' })], earlier(), OPTIONS);
      expect(runner.history()[1]?.args).toEqual({ name: 'none' });
      await runner.run(1, [call('put', { name: 'a' })], earlier(), OPTIONS);
      expect(runner.history().at(-1)?.args).toEqual({ name: 'a' });
    });
  });

  it('carries a session on through the rounds, naming the runs of each it made', async () => {
    await withRunner(20, async (runner) => {
      await runner.run(0, [], call('put', { name: 'a' }), OPTIONS);
      await runner.run(1, [], call('put', { name: 'b' }), OPTIONS);
      runner.nextRound();
      expect(runner.carried()).toEqual([{ start: 0, end: 2 }]);
      // The next round's first run meets what the round before left, on the same session.
      const next = await runner.run(0, [], call('take', { name: 'a' }), OPTIONS);
      expect(next.existing.has('a')).toBe(true);
      expect(runner.sessionStart()).toBe(0);
      expect(runner.historyBefore()).toHaveLength(4);
      // A round after preambles goes on too, its favoured producers recorded with its runs.
      runner.nextRound([1, 3]);
      expect(runner.carried()).toEqual([
        { start: 0, end: 2 },
        { start: 0, end: 1, producers: [1, 3] },
      ]);
      const third = await runner.run(0, [], call('take', { name: 'b' }), OPTIONS);
      expect(third.existing.has('b')).toBe(true);
      // A round that made no run on it still counts (the rounds' seeds follow each other).
      runner.nextRound();
      runner.nextRound();
      expect(runner.carried()?.slice(2)).toEqual([
        { start: 0, end: 1 },
        { start: 0, end: 0 },
      ]);
      // The next tool of the chain goes on with the session: the rounds before are named by tool and seed.
      runner.round(2, 11);
      expect(runner.carried()).toEqual([
        { start: 0, end: 2, tool: 0, seedOffset: -11 },
        { start: 0, end: 1, producers: [1, 3], tool: 0, seedOffset: -10 },
        { start: 0, end: 1, tool: 0, seedOffset: -9 },
        { start: 0, end: 0, tool: 0, seedOffset: -8 },
      ]);
      const fourth = await runner.run(0, [], call('take', { name: 'a' }), OPTIONS);
      expect(fourth.existing.has('a')).toBe(false);
      expect(runner.sessionStart()).toBe(0);
      expect(runner.historyBefore()).toHaveLength(8);
    });
  });

  it("makes a read-only tool's first run alone on a fresh sandbox after other tools changed something", async () => {
    await withRunner(20, async (runner) => {
      await runner.run(0, [], call('put', { name: 'a' }), OPTIONS);
      runner.nextRound();
      runner.round(1, 1, true);
      const first = await runner.run(0, [], call('look'), OPTIONS);
      // Run 0 saw the sandbox as seeded; the session's part of the round begins at run 1.
      expect(first.existing.has('a')).toBe(false);
      expect(runner.sessionStart()).toBe(1);
      expect(runner.historyBefore()).toEqual([]);
      // Run 1 goes on in the session the tool before left, meeting what it made.
      const second = await runner.run(1, [], call('look'), OPTIONS);
      expect(second.existing.has('a')).toBe(true);
      expect(runner.historyBefore()).toHaveLength(2);
    });
  });

  it('keeps the first run in the session when the tools before changed nothing observable', async () => {
    await withRunner(20, async (runner) => {
      const failed = await runner.run(0, [], call('take', { name: 'a' }), OPTIONS);
      expect(failed.observation?.call1.changes).toEqual([]);
      runner.nextRound();
      runner.round(1, 1, true);
      await runner.run(0, [], call('look'), OPTIONS);
      expect(runner.sessionStart()).toBe(0);
      expect(runner.historyBefore()).toHaveLength(2);
    });
  });

  it('starts the next round on a fresh session once the session is full', async () => {
    await withRunner(4, async (runner) => {
      await runner.run(0, [], call('put', { name: 'a' }), OPTIONS);
      await runner.run(1, [], call('put', { name: 'b' }), OPTIONS);
      runner.nextRound();
      expect(runner.carried()).toBeUndefined();
      const fresh = await runner.run(0, [], call('take', { name: 'a' }), OPTIONS);
      expect(fresh.existing.has('a')).toBe(false);
    });
  });
});
