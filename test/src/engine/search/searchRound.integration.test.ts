import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declaredHints, effectiveHints } from '../../../../src/hints/effectiveHints.js';
import type { EngineEvent } from '../../../../src/model/events.js';
import type { HintName } from '../../../../src/model/hints.js';
import type { RoundOptions } from '../../../../src/engine/search/roundOptions.js';
import { searchRound } from '../../../../src/engine/search/searchRound.js';
import { parseSessionPath } from '../../../../src/engine/run/sessionPath.js';
import { SessionRunner } from '../../../../src/engine/run/sessionRunner.js';
import type { SessionPool } from '../../../../src/engine/session/sessionPool.js';
import { ANY, OPTIONS, named, newWorld, shelfPool, touched } from '../inProcessServers.js';

const put = effectiveHints(
  declaredHints({ readOnlyHint: false, destructiveHint: false, idempotentHint: true }),
);
const readOnly = effectiveHints(declaredHints({ readOnlyHint: true }));

function round(
  pool: SessionPool,
  overrides: Partial<RoundOptions>,
  events: EngineEvent[] = [],
): RoundOptions {
  return {
    pool,
    target: named('put', ['a', 'b', 'c', 'd', 'e']),
    preamble: [],
    producers: [],
    effective: put,
    open: new Set<HintName>(['destructiveHint', 'idempotentHint']),
    seed: 42,
    numRuns: 20,
    sessionCalls: 20,
    probePlaceholders: {},
    ...OPTIONS,
    emit: (event) => events.push(event),
    onRun: () => {},
    onInvalid: () => {},
    ...overrides,
  };
}

const replay = (path: string) => `replay ${path}`;

describe('searchRound (in-process shelf server, runs in sessions)', () => {
  it('confirms a lie that needs what earlier runs left, keeps the history it needs, replays by path', async () => {
    await using pool = await shelfPool(newWorld());
    const found = await searchRound(round(pool, {}), replay);
    const evidence = found.contradictions.destructiveHint;
    expect(found.flaky).toEqual([]);
    expect(evidence).toBeDefined();
    if (evidence === undefined) return;
    // The session's history, cut to the two puts that fill the shelf with the command's own file.
    const path = parseSessionPath(evidence.path);
    expect(path?.kept).toHaveLength(2);
    expect(evidence.replay).toBe(`replay ${evidence.path}`);
    const kept = (evidence.preamble ?? []).map((step) => String(step.args.name));
    expect(kept).toHaveLength(2);
    expect(new Set([...kept, String(evidence.args.name)]).size).toBe(3);
    expect(touched(evidence.changes)).toEqual([`delete fs:${[...kept].sort()[0]}`]);
    expect(found.runs).toBeLessThanOrEqual(20);

    // The path replays the same evidence: the session rebuilt up to the run, then its kept calls on a fresh sandbox.
    if (path === undefined) return;
    const replayed = await searchRound(round(pool, { path, numRuns: 1 }), replay);
    const again = replayed.contradictions.destructiveHint;
    expect(replayed.runs).toBe(1);
    expect({ ...again, shrinks: 0 }).toEqual({ ...evidence, shrinks: 0 });
  });

  it('the same seed finds the same evidence', async () => {
    await using pool = await shelfPool(newWorld());
    const first = await searchRound(round(pool, { seed: 7 }), replay);
    const second = await searchRound(round(pool, { seed: 7 }), replay);
    expect(second).toEqual(first);
  });

  it('with every run on a fresh sandbox the history-dependent lie is never seen', async () => {
    await using pool = await shelfPool(newWorld());
    const found = await searchRound(round(pool, { sessionCalls: 0, numRuns: 6 }), replay);
    expect(found).toEqual({ runs: 6, contradictions: {}, flaky: [], ambientEgress: [] });
  });

  it('reports a lie that no fresh replay reproduces as flaky, with its replays, and searches on', async () => {
    // `peek` writes once, on the third peek of all instances: a session's second run, never a replay.
    await using pool = await shelfPool(newWorld(3));
    const events: EngineEvent[] = [];
    const runs: number[] = [];
    const found = await searchRound(
      round(
        pool,
        {
          target: { tool: 'peek', arbitrary: fc.constant({}), guard: ANY, fixedArgs: {} },
          effective: readOnly,
          open: new Set<HintName>(['readOnlyHint']),
          numRuns: 4,
          onRun: () => runs.push(runs.length),
        },
        events,
      ),
      replay,
    );
    expect(found.contradictions).toEqual({});
    expect(found.runs).toBe(4);
    expect(runs).toHaveLength(4);
    expect(found.flaky).toEqual([
      {
        hint: 'readOnlyHint',
        title: 'peek claims readOnlyHint: true but changed the sandbox',
        args: {},
        changes: [expect.objectContaining({ kind: 'add', entity: '.peeked' })],
        history: 2,
        // The session's calls before it, as the replays made them again (one command, called twice).
        calls: [expect.objectContaining({ tool: 'peek' }), expect.objectContaining({ tool: 'peek' })],
        replays: [
          'replayed alone on a fresh sandbox (the command made 6 times): no contradiction',
          "replayed after the session's 2 earlier calls on a fresh sandbox (the command made 6 times): no contradiction",
          "replayed after the session's 2 earlier calls on a fresh sandbox (the command made 6 times): no contradiction",
        ],
      },
    ]);
  });

  it('a session carried on through rounds is named in the path, and the path replays through them', async () => {
    await using pool = await shelfPool(newWorld());
    const target = named('put', ['a', 'b', 'c', 'd', 'e']);
    const producer = { ...named('put', ['a', 'b', 'c']), weight: 4 };
    const priorRound = (_tool: number | undefined, producers?: readonly number[]) =>
      producers === undefined ? { preamble: [], target } : { preamble: [producer], target };
    // The tool alone (seed 40), then after preambles of `put` (seed 41), two runs each: too few to fill the
    // shelf; the session goes on through both into the round that finds the contradiction (seed 42).
    const runner = new SessionRunner(pool, 40);
    try {
      runner.round(0, 40);
      const first = await searchRound(round(pool, { seed: 40, numRuns: 2, runner, target }), replay);
      expect(first.contradictions).toEqual({});
      runner.nextRound();
      runner.round(0, 41);
      const preambled = round(pool, { seed: 41, numRuns: 2, runner, target, preamble: [producer] });
      expect((await searchRound(preambled, replay)).contradictions).toEqual({});
      runner.nextRound([0]);
      runner.round(0, 42);
      expect(runner.carried()).toEqual([
        { start: 0, end: 2 },
        { start: 0, end: 2, producers: [0] },
      ]);
      const found = await searchRound(round(pool, { seed: 42, runner, target, priorRound }), replay);
      const evidence = found.contradictions.destructiveHint;
      expect(evidence).toBeDefined();
      if (evidence === undefined) return;
      const path = parseSessionPath(evidence.path);
      expect(path?.carried).toEqual([
        { start: 0, end: 2 },
        { start: 0, end: 2, producers: [0] },
      ]);
      if (path === undefined) return;
      // Replayed by a runner of its own: the rounds before made again from seeds 40 and 41, then this one's.
      const replayed = await searchRound(round(pool, { seed: 42, path, numRuns: 1, priorRound }), replay);
      const again = replayed.contradictions.destructiveHint;
      expect({ ...again, shrinks: 0 }).toEqual({ ...evidence, shrinks: 0 });
    } finally {
      runner.close();
    }
  });

  it("a session carried on from another tool's round names its tool and seed, and the path rebuilds it", async () => {
    await using pool = await shelfPool(newWorld());
    const target = named('put', ['a', 'b', 'c', 'd', 'e']);
    // Tool 3 of the chain before this one (seed 7): it leaves x and y on the shelf for this round's puts.
    const before = named('put', ['x', 'y']);
    const asked: Array<number | undefined> = [];
    const priorRound = (tool: number | undefined) => {
      asked.push(tool);
      return { preamble: [], target: tool === 3 ? before : target };
    };
    const runner = new SessionRunner(pool, 40);
    try {
      runner.round(3, 7);
      const first = await searchRound(round(pool, { seed: 7, numRuns: 2, runner, target: before }), replay);
      expect(first.contradictions).toEqual({});
      runner.nextRound();
      runner.round(0, 42);
      expect(runner.carried()).toEqual([{ start: 0, end: 2, tool: 3, seedOffset: -35 }]);
      const found = await searchRound(round(pool, { seed: 42, runner, target, priorRound }), replay);
      const evidence = found.contradictions.destructiveHint;
      expect(evidence).toBeDefined();
      if (evidence === undefined) return;
      expect(evidence.path).toMatch(/\/s0\/k[\d.]+\/p0-2t3s-35$/);
      const path = parseSessionPath(evidence.path);
      if (path === undefined) return;
      // Replayed by a runner of its own: tool 3's round made again from seed 7, then this one's.
      const replayed = await searchRound(round(pool, { seed: 42, path, numRuns: 1, priorRound }), replay);
      expect(asked).toEqual([3]);
      const again = replayed.contradictions.destructiveHint;
      expect({ ...again, shrinks: 0 }).toEqual({ ...evidence, shrinks: 0 });
    } finally {
      runner.close();
    }
  });
});
