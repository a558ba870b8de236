import { CONFIRM_MAKINGS } from '../../../../src/engine/confirm/repeatedReplay.js';
import { describe, expect, it } from 'vitest';
import { declaredHints, effectiveHints } from '../../../../src/hints/effectiveHints.js';
import { confirmContradiction } from '../../../../src/engine/confirm/confirmContradiction.js';
import type { RunResult } from '../../../../src/engine/run/runSequence.js';
import { OPTIONS, newWorld, shelfPool, touched } from '../inProcessServers.js';

const put = effectiveHints(
  declaredHints({ readOnlyHint: false, destructiveHint: false, idempotentHint: true }),
);
const readOnly = effectiveHints(declaredHints({ readOnlyHint: true }));

describe('confirmContradiction (in-process shelf server, fresh sandboxes)', () => {
  it('confirms a contradiction that needs history, keeping only the history calls it needs', async () => {
    await using pool = await shelfPool(newWorld());
    const replays: RunResult[] = [];
    const confirmation = await confirmContradiction({
      pool,
      history: [
        { tool: 'look', args: {}, changed: false },
        { tool: 'put', args: { name: 'a' }, changed: true },
        { tool: 'put', args: { name: 'a' }, changed: false },
        { tool: 'put', args: { name: 'b' }, changed: true },
        { tool: 'put', args: { name: 'b' }, changed: false },
      ],
      run: [],
      target: { tool: 'put', args: { name: 'c' } },
      effective: put,
      hints: new Set(['destructiveHint']),
      options: OPTIONS,
      onReplay: (result) => replays.push(result),
    });
    expect(confirmation.confirmed).toBe(true);
    if (!confirmation.confirmed) return;
    // Alone it fills no shelf; after both puts that changed something it drops `a`; neither alone suffices.
    expect(confirmation.kept).toEqual([1, 3]);
    expect(confirmation.violations.map((violation) => violation.hint)).toEqual(['destructiveHint']);
    expect(confirmation.result.steps.map((step) => [step.tool, step.args])).toEqual([
      ['put', { name: 'a' }],
      ['put', { name: 'b' }],
    ]);
    expect(touched(confirmation.result.observation?.call1.changes ?? [])).toEqual([
      'delete fs:a',
      'add fs:c',
    ]);
    // alone (the command made CONFIRM_MAKINGS times, none reproducing), whole history (reproduced the first
    // time), without the unchanged calls, then one call dropped at a time (both needed).
    expect(replays).toHaveLength(CONFIRM_MAKINGS + 4);
  });

  it('tries first the history calls that made the values the command names', async () => {
    await using pool = await shelfPool(newWorld());
    const replays: RunResult[] = [];
    const made = (name: string, answered: string) => ({
      tool: 'put',
      args: { name },
      changed: true,
      answered: [answered],
    });
    const took = (name: string) => ({
      tool: 'take',
      args: { name },
      changed: true,
      answered: [`took ${name}`],
    });
    const confirmation = await confirmContradiction({
      pool,
      history: [made('a', 'put a'), made('x', 'put x'), took('x'), made('y', 'put y'), took('y')],
      run: [],
      // `take` said to only read: it deletes `a`, which only the first call made.
      target: { tool: 'take', args: { name: 'a' } },
      effective: readOnly,
      hints: new Set(['readOnlyHint']),
      options: OPTIONS,
      onReplay: (result) => replays.push(result),
    });
    expect(confirmation.confirmed && confirmation.kept).toEqual([0]);
    // alone (made CONFIRM_MAKINGS times), whole history, the call that made `a`, then without it (needed).
    expect(replays).toHaveLength(CONFIRM_MAKINGS + 3);
  });

  it('confirms from the run alone when the command needs no history', async () => {
    await using pool = await shelfPool(newWorld());
    const confirmation = await confirmContradiction({
      pool,
      history: [{ tool: 'put', args: { name: 'x' }, changed: true }],
      run: [
        { tool: 'put', args: { name: 'a' } },
        { tool: 'put', args: { name: 'b' } },
      ],
      target: { tool: 'put', args: { name: 'c' } },
      effective: put,
      hints: new Set(['destructiveHint']),
      options: OPTIONS,
    });
    expect(confirmation.confirmed && confirmation.kept).toEqual([]);
  });

  it('a contradiction no fresh replay reproduces is not confirmed, with what each replay showed', async () => {
    await using pool = await shelfPool(newWorld());
    const confirmation = await confirmContradiction({
      pool,
      history: [
        { tool: 'peek', args: {}, changed: false },
        { tool: 'peek', args: {}, changed: false },
      ],
      run: [],
      target: { tool: 'peek', args: {} },
      effective: readOnly,
      hints: new Set(['readOnlyHint']),
      options: OPTIONS,
    });
    expect(confirmation).toEqual({
      confirmed: false,
      ambient: [],
      // Its control windows showed nothing: the shelf changes nothing on its own.
      backgroundSeen: false,
      replays: [
        'replayed alone on a fresh sandbox (the command made 6 times): no contradiction',
        "replayed after the session's 2 earlier calls on a fresh sandbox (the command made 6 times): no contradiction",
        "replayed after the session's 2 earlier calls on a fresh sandbox (the command made 6 times): no contradiction",
      ],
    });
  });
});
