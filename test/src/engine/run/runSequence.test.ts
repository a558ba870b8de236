import { describe, expect, it } from 'vitest';
import { runSequence } from '../../../../src/engine/run/runSequence.js';
import { OPTIONS, call, newWorld, shelfPool, touched } from '../inProcessServers.js';

describe('runSequence (in-process shelf server)', () => {
  it('makes the preamble, then the command twice, each run on a fresh sandbox', async () => {
    await using pool = await shelfPool(newWorld());
    const first = await runSequence(pool, [call('put', { name: 'a' })], call('take', { name: 'a' }), OPTIONS);
    expect(first.steps.map((step) => [step.tool, step.outcome, touched(step.changes)])).toEqual([
      ['put', 'returned', ['add fs:a']],
    ]);
    expect(touched(first.observation?.call1.changes ?? [])).toEqual(['delete fs:a']);
    expect(first.observation?.call2?.outcome).toMatchObject({ status: 'returned', isError: true });
    const second = await runSequence(pool, [], call('put', { name: 'b' }), OPTIONS);
    expect(second.existing.has('a')).toBe(false);
    expect(touched(second.observation?.call1.changes ?? [])).toEqual(['add fs:b']);
  });

  it('a call that times out ends the session: the server is stopped and there is no second call', async () => {
    await using pool = await shelfPool(newWorld());
    const result = await runSequence(pool, [], call('stall', { reason: 'test' }), {
      ...OPTIONS,
      timeoutSeconds: 0.2,
    });
    expect(result.observation?.call1.outcome).toEqual({ status: 'timeout', seconds: 0.2 });
    expect(result.observation?.call2).toBeUndefined();
  });

  it('a server that fails to start for a run makes that run inconclusive, never an internal error', async () => {
    await using pool = await shelfPool(newWorld(0, 1));
    await runSequence(pool, [], call('look'), OPTIONS);
    const failed = await runSequence(pool, [], call('put', { name: 'a' }), OPTIONS);
    expect(failed.observation?.call1.outcome).toEqual({
      status: 'crashed',
      message: expect.stringContaining('the server failed to start for this run') as unknown,
    });
    expect(failed.observation?.call1.outcome).toMatchObject({
      message: expect.stringContaining('port 4000 is already in use') as unknown,
    });
    expect(failed.observation?.call2).toBeUndefined();
  });
});
