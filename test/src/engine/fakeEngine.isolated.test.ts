import fc from 'fast-check';
import type * as Timers from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HintName } from '../../../src/model/hints.js';
import type { Verdict } from '../../../src/model/report.js';
import { checkFake, reportOf } from './fake/checkFake.js';
import type { FakeServer, FakeTool } from './fake/fakeServer.js';
import { entityOf } from './fake/fakeServer.js';
import type { WriteEffect } from './fake/toolModels.js';
import {
  deleter,
  failing,
  FAILURES,
  onceEver,
  reacher,
  reader,
  sampled,
  write,
  writer,
} from './fake/toolModels.js';
import { useVirtualTime } from './fake/virtualTime.js';

// The engine's waits (the ambient pause, control windows, pings' sleeps) in virtual time: a fake server has
// no timers of its own, so nothing is lost by not waiting for real.
vi.mock('node:timers/promises', async (importOriginal) => ({
  ...(await importOriginal<typeof Timers>()),
  setTimeout: (await import('./fake/virtualTime.js')).virtualSleep,
}));

let restoreTime: () => void;
beforeAll(() => (restoreTime = useVirtualTime()));
afterAll(() => restoreTime());

/**
 * Properties of the whole engine (probe, chains, rounds, search, confirmation, shrinking, verdicts) over
 * generated tool models and check seeds, on fake sessions, each asserting what docs/design.md says. Few runs
 * each: every run is a whole check.
 */
const RUNS = { numRuns: 6 };

/** A check seed: the engine's own randomness varies with the property's. */
const checkSeed = fc.integer({ min: 0, max: 1_000_000 });

/** A non-empty seed state: one to three entities the tools can name. */
const seedState = fc.dictionary(fc.stringMatching(/^s[a-z]{0,3}$/), fc.constant('seed'), {
  minKeys: 1,
  maxKeys: 3,
});

/** Any declared annotations: each hint absent, true or false. */
const anyAnnotations = fc.record(
  {
    readOnlyHint: fc.boolean(),
    destructiveHint: fc.boolean(),
    idempotentHint: fc.boolean(),
    openWorldHint: fc.boolean(),
  },
  { requiredKeys: [] },
);

/** Effects that change the state on every call, whatever the arguments. */
const alwaysChanges = fc.constantFrom<WriteEffect>('append', 'count', 'create');

/**
 * The tool requiring two arguments: never an observer. A read-only tool that takes `{}` is read around every
 * call, and one requiring one argument around calls once a value fits it; those reads are calls of its own,
 * which would move a model that counts its calls.
 */
const unobserved = (tool: FakeTool): FakeTool => ({
  ...tool,
  inputSchema: {
    type: 'object',
    properties: { name: { type: 'string', minLength: 1 }, note: { type: 'string' } },
    required: ['name', 'note'],
  },
});

const statuses = (verdicts: Readonly<Record<HintName, Verdict>>) =>
  Object.values(verdicts).map((verdict) => verdict.status);

describe('a fake server checked by the whole engine', () => {
  it('never contradicts any hint of a tool that changes nothing and reaches nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyAnnotations,
        fc.option(seedState, { nil: undefined }),
        checkSeed,
        async (hints, state, seed) => {
          const check = await checkFake(
            { tools: [reader('get', hints)], ...(state === undefined ? {} : { seed: state }) },
            { seed },
          );
          const report = reportOf(check, 'get');
          expect(statuses(report.verdicts)).not.toContain('contradicted');
          expect(report.flaky).toBeUndefined();
          // Its calls met the seed's entities: not blind, and an honest read-only claim holds.
          if (state !== undefined && hints.readOnlyHint === true)
            expect(report.verdicts.readOnlyHint.status).toBe('consistent');
        },
      ),
      RUNS,
    );
  });

  it('contradicts readOnlyHint: true of a tool that writes on every call, with one command alone as its counterexample', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyAnnotations,
        alwaysChanges,
        seedState,
        checkSeed,
        async (hints, effect, state, seed) => {
          const check = await checkFake(
            {
              seed: state,
              tools: [
                reader('get', { readOnlyHint: true }),
                writer('liar', { ...hints, readOnlyHint: true }, effect),
              ],
            },
            { seed },
          );
          const verdict = reportOf(check, 'liar').verdicts.readOnlyHint;
          expect(verdict.status).toBe('contradicted');
          if (verdict.status !== 'contradicted') return;
          // Shrunk to the command alone on a fresh sandbox: no preamble, no history in its path, the first call.
          expect(verdict.evidence.preamble).toBeUndefined();
          expect(verdict.evidence.path).not.toContain('/');
          expect(verdict.evidence.call).toBe(1);
          expect(verdict.evidence.changes.map((change) => change.kind)).toEqual(['add']);
        },
      ),
      RUNS,
    );
  });

  it('confirms by repetition a write made on every k-th call: contradicted, never flaky', async () => {
    // 10 commands make 20 calls in one session, so any k ≤ 20 shows in the search; a confirming replay makes
    // the command up to 6 times (12 calls) alone, then after the session's history.
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 20 }),
        alwaysChanges,
        seedState,
        checkSeed,
        async (every, effect, state, seed) => {
          const check = await checkFake(
            { seed: state, tools: [unobserved(writer('sometimes', { readOnlyHint: true }, effect, every))] },
            { seed },
          );
          const report = reportOf(check, 'sometimes');
          expect(report.verdicts.readOnlyHint.status).toBe('contradicted');
          expect(report.flaky).toBeUndefined();
        },
      ),
      RUNS,
    );
  });

  it("confirms alone, by repetition, a write made on every k-th call of the server's life for k ≤ 12", async () => {
    // Any 12 calls in a row hold a k-th call: 6 makings of the command (12 calls) on the replay alone show it,
    // where one making (2 calls) would not, and a replay after history moves the count with its own calls.
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 12 }),
        alwaysChanges,
        seedState,
        checkSeed,
        async (every, effect, state, seed) => {
          const check = await checkFake(
            { seed: state, tools: [unobserved(sampled('telemetry', { readOnlyHint: true }, effect, every))] },
            { seed },
          );
          const report = reportOf(check, 'telemetry');
          expect(report.verdicts.readOnlyHint.status).toBe('contradicted');
          expect(report.flaky).toBeUndefined();
          // Confirmed on the replay alone: no history in its path.
          const verdict = report.verdicts.readOnlyHint;
          if (verdict.status === 'contradicted') expect(verdict.evidence.path).not.toContain('/');
        },
      ),
      RUNS,
    );
  });

  it('reports a write no fresh replay reproduces as flaky, its hint inconclusive', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 20 }),
        alwaysChanges,
        seedState,
        checkSeed,
        async (nth, effect, state, seed) => {
          const check = await checkFake(
            { seed: state, tools: [unobserved(onceEver('once', { readOnlyHint: true }, effect, nth))] },
            { seed },
          );
          const report = reportOf(check, 'once');
          expect(report.verdicts.readOnlyHint.status).toBe('inconclusive');
          expect(report.flaky?.map((flaky) => flaky.hint)).toEqual(['readOnlyHint']);
          // Alone first, then (when the session had made calls before) twice after its whole history; each replay
          // makes the command 6 times before it says it did not reproduce.
          const replays = report.flaky?.[0]?.replays ?? [];
          expect(replays.length).toBe((report.flaky?.[0]?.history ?? 0) === 0 ? 1 : 3);
          for (const replay of replays) expect(replay).toMatch(/made 6 times.*no contradiction/);
        },
      ),
      RUNS,
    );
  });

  it('contradicts destructiveHint: false of a tool that deletes, and not its idempotentHint: true', async () => {
    await fc.assert(
      fc.asyncProperty(seedState, checkSeed, async (state, seed) => {
        const check = await checkFake(
          {
            seed: state,
            tools: [deleter('remove', { readOnlyHint: false, destructiveHint: false, idempotentHint: true })],
          },
          { seed },
        );
        const { verdicts, calls } = reportOf(check, 'remove');
        // A delete that never met what it deletes shows nothing: never consistent, contradicted once one did.
        expect(verdicts.destructiveHint.status).not.toBe('consistent');
        expect(verdicts.idempotentHint.status).not.toBe('contradicted');
        if ((calls.metExisting ?? 0) === 0) return;
        expect(verdicts.destructiveHint.status).toBe('contradicted');
        if (verdicts.destructiveHint.status === 'contradicted')
          expect(verdicts.destructiveHint.evidence.changes.map((change) => change.kind)).toContain('delete');
        // The second call finds nothing left to delete: a delete is idempotent.
        expect(verdicts.idempotentHint.status).toBe('consistent');
      }),
      RUNS,
    );
  });

  it('contradicts idempotentHint: true of a tool that changes state on every call, on the repeat', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<WriteEffect>('append', 'appendNamed', 'create', 'count'),
        seedState,
        checkSeed,
        async (effect, state, seed) => {
          const hints = { readOnlyHint: false, destructiveHint: false, idempotentHint: true };
          const check = await checkFake({ seed: state, tools: [writer('change', hints, effect)] }, { seed });
          const { verdicts } = reportOf(check, 'change');
          expect(verdicts.idempotentHint.status).toBe('contradicted');
          if (verdicts.idempotentHint.status === 'contradicted')
            expect(verdicts.idempotentHint.evidence.call).toBe(2);
          // An append or an add is additive; a counter rewritten in place is a modify, which destroys.
          expect(verdicts.destructiveHint.status).toBe(effect === 'count' ? 'contradicted' : 'consistent');
        },
      ),
      RUNS,
    );
  });

  it('holds idempotentHint: true of a set-to-value', async () => {
    await fc.assert(
      fc.asyncProperty(seedState, checkSeed, async (state, seed) => {
        const check = await checkFake(
          {
            seed: state,
            tools: [
              writer('set', { readOnlyHint: false, destructiveHint: true, idempotentHint: true }, 'set'),
            ],
          },
          { seed },
        );
        expect(reportOf(check, 'set').verdicts.idempotentHint.status).toBe('consistent');
      }),
      RUNS,
    );
  });

  it('leaves every hint of a tool whose every call fails inconclusive, never consistent', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyAnnotations,
        fc.constantFrom(...FAILURES),
        seedState,
        checkSeed,
        async (hints, failure, state, seed) => {
          const check = await checkFake(
            { seed: state, tools: [failing('broken', hints, failure)] },
            { seed },
          );
          const report = reportOf(check, 'broken');
          for (const status of statuses(report.verdicts))
            expect(['inconclusive', 'not-applicable']).toContain(status);
          expect(report.sampleError).toBeDefined();
        },
      ),
      RUNS,
    );
  });

  it('never calls a tool that answers only task-augmented calls: every hint inconclusive, saying why', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyAnnotations,
        alwaysChanges,
        seedState,
        checkSeed,
        async (hints, effect, state, seed) => {
          const liar = { ...writer('tasks_only', { ...hints, readOnlyHint: true }, effect), tasksOnly: true };
          const check = await checkFake(
            { seed: state, tools: [reader('get', { readOnlyHint: true }), liar] },
            { seed },
          );
          const report = reportOf(check, 'tasks_only');
          expect(report.calls.total).toBe(0);
          for (const verdict of Object.values(report.verdicts)) {
            expect(['inconclusive', 'not-applicable']).toContain(verdict.status);
            if (verdict.status === 'inconclusive') expect(verdict.reason).toMatch(/task-augmented calls/);
          }
        },
      ),
      RUNS,
    );
  });

  it('checks the changes of a call that fails: a failing write contradicts readOnlyHint: true', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FAILURES),
        alwaysChanges,
        checkSeed,
        async (failure, effect, seed) => {
          const check = await checkFake(
            { tools: [failing('broken', { readOnlyHint: true }, failure, effect)] },
            { seed },
          );
          expect(reportOf(check, 'broken').verdicts.readOnlyHint.status).toBe('contradicted');
        },
      ),
      RUNS,
    );
  });

  it('contradicts openWorldHint: false of a tool that reaches outside, and of no other tool', async () => {
    await fc.assert(
      fc.asyncProperty(seedState, checkSeed, async (state, seed) => {
        const check = await checkFake(
          {
            seed: state,
            tools: [
              reacher('fetch', { openWorldHint: false }, '93.184.216.34:443'),
              reader('get', { openWorldHint: false }),
            ],
          },
          { seed },
        );
        const fetch = reportOf(check, 'fetch').verdicts.openWorldHint;
        expect(fetch.status).toBe('contradicted');
        if (fetch.status === 'contradicted')
          expect(fetch.evidence.egress?.map((attempt) => attempt.destination)).toEqual(['93.184.216.34:443']);
        expect(reportOf(check, 'get').verdicts.openWorldHint.status).toBe('consistent');
      }),
      RUNS,
    );
  });

  it('never blames a tool for background egress a control run shows too, and lists it as ambient', async () => {
    // The server retries a connection every 300 ms from its start; each call takes 400 ms, so both calls of a
    // command see an attempt. A control run, the same time passing without the call, sees it too.
    const loop = { destination: '10.0.0.1:5432', everyMs: 300 };
    await fc.assert(
      fc.asyncProperty(seedState, checkSeed, async (state, seed) => {
        const quiet = { ...unobserved(reader('get', { openWorldHint: false })), durationMs: 400 };
        const fetch = { ...reacher('fetch', { openWorldHint: false }, '93.184.216.34:443'), durationMs: 400 };
        const check = await checkFake({ seed: state, background: loop, tools: [quiet, fetch] }, { seed });
        const get = reportOf(check, 'get');
        expect(get.verdicts.openWorldHint.status).not.toBe('contradicted');
        expect(get.flaky).toBeUndefined();
        expect(get.ambientEgress?.map((ambient) => ambient.egress.destination)).toContain(loop.destination);
        // A destination of the tool's own is still its own, background or not.
        const own = reportOf(check, 'fetch').verdicts.openWorldHint;
        expect(own.status).toBe('contradicted');
        if (own.status === 'contradicted')
          expect(own.evidence.egress?.map((attempt) => attempt.destination)).toContain('93.184.216.34:443');
      }),
      RUNS,
    );
  });

  it('is blind when no tool changed anything and no call met existing state: no state claim is consistent', async () => {
    await fc.assert(
      fc.asyncProperty(anyAnnotations, checkSeed, async (hints, seed) => {
        const check = await checkFake(
          { tools: [reader('get', hints), reader('look', { readOnlyHint: true })] },
          { seed },
        );
        expect(check.blind).toBe(true);
        for (const report of check.tools)
          for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint'] as const)
            expect(report.verdicts[hint].status).not.toBe('consistent');
      }),
      RUNS,
    );
  });

  it('suggests readOnlyHint: true only on 5 observations that met existing state, never for a name that destroys', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('get', 'delete_note'),
        seedState,
        checkSeed,
        async (name, state, seed) => {
          const check = await checkFake({ seed: state, tools: [reader(name)] }, { seed });
          const report = reportOf(check, name);
          if (report.suggested.readOnlyHint)
            expect(report.suggestedBasis?.readOnlyHint).toBeGreaterThanOrEqual(5);
          if (name === 'delete_note') expect(report.suggested.readOnlyHint).toBe(false);
        },
      ),
      RUNS,
    );
  });
});

describe('sessions and rounds of a fake server, as the run model says', () => {
  /** Writes from its third call on one server instance on: only a session that made two calls before sees it. */
  const third: FakeTool = {
    name: 'third',
    annotations: { readOnlyHint: true },
    handler: (args, call) => (call.calls >= 3 && write('append', args, call) ? 'written' : 'read'),
  };

  it('with --max-commands 1 makes every run on a fresh sandbox: reset, call once, call twice, diff', async () => {
    await fc.assert(
      fc.asyncProperty(seedState, checkSeed, async (state, seed) => {
        const fresh = await checkFake({ seed: state, tools: [third] }, { seed, maxCommands: 1 });
        expect(reportOf(fresh, 'third').verdicts.readOnlyHint.status).toBe('consistent');
        // Each of the 10 commands on its own server (the probe's and a prepared spare besides).
        expect(fresh.world.instances).toBeGreaterThanOrEqual(10);
        const shared = await checkFake({ seed: state, tools: [third] }, { seed });
        expect(reportOf(shared, 'third').verdicts.readOnlyHint.status).toBe('contradicted');
      }),
      RUNS,
    );
  });

  it('runs a tool that met no existing state after preambles of producers, and keeps the producer its lie needs', async () => {
    // `inspect` claims read-only and lies only when it reads an entity that exists; the seed is empty, so only
    // what `create_note` (a producer by its name) made shows it.
    const inspect: FakeTool = {
      name: 'inspect',
      annotations: { readOnlyHint: true },
      handler: (args, call) => {
        const entity = entityOf(args, call.fs);
        if (entity === undefined || !call.state.has(entity)) return { error: 'no such note' };
        call.state.set(`${entity}.seen`, 'seen');
        return call.state.get(entity) ?? '';
      },
    };
    const server: FakeServer = { tools: [inspect, writer('create_note', { readOnlyHint: false }, 'set')] };
    await fc.assert(
      fc.asyncProperty(checkSeed, async (seed) => {
        const check = await checkFake(server, { seed, runs: 25 });
        const report = reportOf(check, 'inspect');
        expect(report.calls.afterPreamble).toBeGreaterThan(0);
        const verdict = report.verdicts.readOnlyHint;
        expect(verdict.status).toBe('contradicted');
        if (verdict.status === 'contradicted') {
          // Shrunk to the one producer call its lie needs, making what the command then reads.
          expect(verdict.evidence.preamble?.map((call) => call.tool)).toEqual(['create_note']);
          expect(verdict.evidence.preamble?.[0]?.args).toEqual(verdict.evidence.args);
        }
      }),
      RUNS,
    );
  });

  it("makes a read-only tool's run 0 on a fresh sandbox when its chain's session was changed before it", async () => {
    // `open_db` makes its data file on the first read of a sandbox no call has touched. It is the fifth tool,
    // so it shares chain 0 with `make`, whose calls change the session before it.
    const openDb = unobserved({
      name: 'open_db',
      annotations: { readOnlyHint: true },
      handler: (_args, call) => {
        const touched = [...call.state.keys()].some(
          (entity) => entity === 'data.db' || entity.startsWith('made-'),
        );
        if (!touched) call.state.set('data.db', 'tables');
        return 'opened';
      },
    });
    const readers = ['a', 'b', 'c'].map((name) => unobserved(reader(name, { readOnlyHint: true })));
    await fc.assert(
      fc.asyncProperty(seedState, checkSeed, async (state, seed) => {
        const server: FakeServer = {
          seed: state,
          tools: [writer('make', { readOnlyHint: false }, 'create'), ...readers, openDb],
        };
        const check = await checkFake(server, { seed });
        const verdict = reportOf(check, 'open_db').verdicts.readOnlyHint;
        expect(verdict.status).toBe('contradicted');
        if (verdict.status === 'contradicted')
          expect(verdict.evidence.changes.map((change) => change.entity)).toEqual(['data.db']);
      }),
      { numRuns: 3 },
    );
  });

  // No observers: how often one is read depends on how much time passes in a window, and a read-only tool
  // that counts its calls (or answers differently each time) would be read more or less often beside
  // concurrent checks.
  it('gives the same report for a seed whatever --jobs is', async () => {
    await fc.assert(
      fc.asyncProperty(
        alwaysChanges,
        fc.integer({ min: 1, max: 4 }),
        seedState,
        checkSeed,
        async (effect, every, state, seed) => {
          const server: FakeServer = {
            seed: state,
            tools: [
              unobserved(writer('liar', { readOnlyHint: true }, effect, every)),
              unobserved(reader('get', { readOnlyHint: true })),
              deleter('remove', { readOnlyHint: false, destructiveHint: false }),
              writer('add_line', { readOnlyHint: false, idempotentHint: true }, 'appendNamed'),
              writer('set', { readOnlyHint: false, idempotentHint: true }, 'set'),
            ],
          };
          const one = await checkFake(server, { seed, jobs: 1 });
          const four = await checkFake(server, { seed, jobs: 4 });
          expect(four.tools).toEqual(one.tools);
        },
      ),
      { numRuns: 3 },
    );
  });

  /**
   * `--seed` and `--path` rebuild the session of a counterexample and replay it (design: the run model),
   * making the command up to 6 times until it contradicts.
   */
  const replayOf = async (
    every: number,
    effect: WriteEffect,
    state: Record<string, string>,
    seed: number,
  ) => {
    const server: FakeServer = {
      seed: state,
      tools: [
        reader('get', { readOnlyHint: true }),
        unobserved(writer('liar', { readOnlyHint: true }, effect, every)),
      ],
    };
    const found = reportOf(await checkFake(server, { seed }), 'liar').verdicts.readOnlyHint;
    expect(found.status).toBe('contradicted');
    if (found.status !== 'contradicted') return;
    const { evidence } = found;
    const again = reportOf(
      await checkFake(server, { seed: evidence.seed, path: evidence.path, tools: ['liar'] }),
      'liar',
    ).verdicts.readOnlyHint;
    expect(again.status).toBe('contradicted');
    if (again.status === 'contradicted') {
      expect(again.evidence.args).toEqual(evidence.args);
      expect(again.evidence.changes).toEqual(evidence.changes);
    }
  };

  /** Every check of a writer on every `every`-th call replays from its counterexample's seed and path. */
  const replaysEvery = (every: fc.Arbitrary<number>) =>
    fc.asyncProperty(every, alwaysChanges, seedState, checkSeed, replayOf);

  it('replays a counterexample from its seed and path alone', async () => {
    await fc.assert(replaysEvery(fc.integer({ min: 1, max: 2 })), RUNS);
  });

  // A contradiction confirmed on a later making (the 2nd to 6th) keeps the run's plain path: the replay makes
  // the command until it contradicts, as the confirmation did (with one making, it showed nothing).
  it('replays a counterexample confirmed only on a later making from its seed and path', async () => {
    await fc.assert(replaysEvery(fc.integer({ min: 3, max: 6 })), RUNS);
  });
});

describe("the server's own reads (observers) of a fake server", () => {
  /** A read-only tool that takes `{}`: an observer candidate. */
  const noArguments = (tool: FakeTool): FakeTool => ({
    ...tool,
    inputSchema: { type: 'object', properties: {} },
  });

  it('drops an observer whose reads write, and checks its own claim like any tool', async () => {
    await fc.assert(
      fc.asyncProperty(seedState, checkSeed, async (state, seed) => {
        const views = noArguments(writer('views', { readOnlyHint: true }, 'count'));
        const list = noArguments({
          name: 'list',
          annotations: { readOnlyHint: true },
          handler: (_args, call) => [...call.state.keys()].sort().join('\n'),
        });
        const check = await checkFake({ seed: state, tools: [views, list] }, { seed });
        expect(check.observers.dropped.map((dropped) => dropped.observer.name)).toContain('views');
        expect(check.observers.observers.map((observer) => observer.name)).toEqual(['list']);
        expect(reportOf(check, 'views').verdicts.readOnlyHint.status).toBe('contradicted');
        expect(reportOf(check, 'list').verdicts.readOnlyHint.status).toBe('consistent');
      }),
      RUNS,
    );
  });
});
