import { describe, expect, it } from 'vitest';
import type { EgressAttempt } from '../../../../harness/process/index.js';
import { describeControl, mergeAmbient } from '../../../../src/engine/policy/ambientEgress.js';
import { controlEgress, withControlledEgress } from '../../../../src/engine/confirm/controlEgress.js';
import type { Violation } from '../../../../src/checks/violation.js';
import type { RunResult } from '../../../../src/engine/run/runSequence.js';
import type { SessionPool } from '../../../../src/engine/session/sessionPool.js';
import { OPTIONS, newWorld, shelfPool } from '../inProcessServers.js';

const download: EgressAttempt = { kind: 'connect', destination: '127.0.0.1:9', result: 'ECONNREFUSED' };
const telemetry: EgressAttempt = { kind: 'connect', destination: '127.0.0.1:10', result: 'ECONNREFUSED' };

/**
 * In-process shelf servers whose every egress drain reports the background download, as a server that
 * connects out on its own, whatever is called, would show; `agedMs` older than they are (as if their start or
 * the calls before took that long).
 */
function backgroundPool(agedMs = 0): Promise<SessionPool & AsyncDisposable> {
  return shelfPool(newWorld(), (session) => ({
    ...session,
    startedAt: session.startedAt - agedMs,
    egress: () => Promise.resolve([download]),
  }));
}

const outcome = { status: 'returned' as const, isError: false, text: 'ok' };

describe('controlEgress: a call is blamed only for egress a control run without it does not show', () => {
  it('calls egress that the control run also shows background, listed as ambient with that control run', async () => {
    await using pool = await backgroundPool();
    // The call began when its server was 290 ms old: the control's window begins earlier and lasts past it.
    const call = { outcome, changes: [], durationMs: 10, endedAtMs: 300 };
    const control = await controlEgress(pool, [], call, [download], { q: 'a' }, OPTIONS);
    expect(control).toEqual({
      kind: 'background',
      ambient: [{ egress: download, args: { q: 'a' }, control: describeControl(0, 550) }],
      note:
        'a control run without the call reached the same destinations within 250 ms, at a rate ' +
        "the call's attempts do not exceed: background traffic",
    });
  });

  it('keeps what only the call reached, and lists the rest as ambient', async () => {
    await using pool = await backgroundPool();
    const call = { outcome, changes: [], durationMs: 10, endedAtMs: 300 };
    const control = await controlEgress(pool, [], call, [download, telemetry], {}, OPTIONS);
    expect(control.kind).toBe('caused');
    if (control.kind !== 'caused') return;
    expect(control.caused).toEqual([telemetry]);
    expect(control.ambient.map((entry) => entry.egress)).toEqual([download]);
  });

  it('a control run whose window began a window after the call did cannot clear or blame it', async () => {
    await using pool = await backgroundPool(2000);
    // The call began at once (age 0), and its window is 250 ms; the control's server is 2 s old at once.
    const call = { outcome, changes: [], durationMs: 5, endedAtMs: 5 };
    const control = await controlEgress(pool, [], call, [telemetry], {}, OPTIONS);
    expect(control.kind).toBe('uncontrolled');
    if (control.kind === 'uncontrolled') {
      expect(control.note).toMatch(
        /more than 250 ms after the call began \(0 ms\), in each of 3 control runs: background traffic could not be ruled out$/,
      );
    }
  });
});

describe('controlEgress: background traffic whose time the call moved', () => {
  /** Servers whose windows show no egress, having reached the download `made` times by each window's end. */
  const earlierPool = (made: number) =>
    shelfPool(newWorld(), (session) => ({
      ...session,
      egress: () => Promise.resolve([]),
      egressCounted: () => new Map([['connect 127.0.0.1:9', made]]),
    }));
  const call = (counted: number) => ({
    outcome,
    changes: [],
    egress: [download],
    durationMs: 10,
    endedAtMs: 300,
    egressCounted: new Map([['connect 127.0.0.1:9', counted]]),
  });

  it('is background when the control run reached it by the same age, before its window', async () => {
    await using pool = await earlierPool(2);
    const control = await controlEgress(pool, [], call(2), [download], {}, OPTIONS);
    expect(control.kind).toBe('background');
    expect(control.note).toMatch(/by the time its server was 550 ms old, some before its window/);
  });

  it('is background when one call reached it: a background attempt may fall in any one window', async () => {
    await using pool = await earlierPool(1);
    const control = await controlEgress(pool, [], call(2), [download], {}, OPTIONS);
    expect(control.kind).toBe('background');
  });

  // The command's other call, 10 ms long, ended 20 ms after the first: both span 40 ms.
  const second = { ...call(3), endedAtMs: 320 };

  it("blames the call when both calls reached it more often than the control's rate allows", async () => {
    // Once in the control's 550 ms: one per 550 ms, and both calls within 40 ms.
    await using pool = await earlierPool(1);
    const control = await controlEgress(pool, [], call(2), [download], {}, OPTIONS, second);
    expect(control.kind).toBe('caused');
    expect(control.note).toMatch(
      /connect 127\.0\.0\.1:9: reached in both calls within 40 ms, more often than the control's rate there \(1 attempt in 550 ms \(one per 550 ms\)\) allows$/,
    );
  });

  it("is background when the control's rate there predicts attempts in both calls", async () => {
    // Ten in 550 ms: one per 55 ms, more than half of which the calls' 40 ms span.
    await using pool = await earlierPool(10);
    const control = await controlEgress(pool, [], call(2), [download], {}, OPTIONS, second);
    expect(control.kind).toBe('background');
  });
});

describe('withControlledEgress: a shrink candidate or replay keeps only the egress its control does not show', () => {
  const egressOf = (attempts: EgressAttempt[]): Violation => ({
    hint: 'openWorldHint',
    call: 1,
    title: 'get claims openWorldHint: false but tried to reach outside the sandbox',
    changes: [],
    egress: attempts,
  });
  const state: Violation = { hint: 'readOnlyHint', call: 1, title: 'get changed', changes: [] };
  const run = (attempts: EgressAttempt[]): RunResult => ({
    steps: [],
    existing: new Set(),
    observation: {
      tool: 'get',
      args: {},
      call1: { outcome, changes: [], egress: attempts, durationMs: 10, endedAtMs: 300 },
      excluded: [],
    },
  });

  it('drops egress the control run reached too, keeping the other violations', async () => {
    await using pool = await backgroundPool();
    const violations = [egressOf([download]), state];
    expect(await withControlledEgress(pool, run([download]), violations, OPTIONS)).toEqual([state]);
  });

  it('keeps the egress only the call reached, and only that', async () => {
    await using pool = await backgroundPool();
    const held = await withControlledEgress(
      pool,
      run([download, telemetry]),
      [egressOf([download, telemetry])],
      OPTIONS,
    );
    expect(held.map((violation) => violation.egress)).toEqual([[telemetry]]);
  });
});

describe('ambient egress, one entry per destination', () => {
  it('describes the control run that showed it', () => {
    expect(describeControl(0, 549.6)).toBe(
      'a control run on a fresh sandbox, with no call until the server was 550 ms old',
    );
    expect(describeControl(1, 800)).toBe(
      'a control run on a fresh sandbox after the same 1 call, with no call until the server was 800 ms old',
    );
    expect(describeControl(3, 800)).toMatch(/after the same 3 calls,/);
  });

  it('keeps the first entry seen for a destination', () => {
    const first = { egress: download, args: { a: 1 }, control: 'first' };
    const again = { egress: { ...download, result: 'EINPROGRESS' }, args: { a: 2 }, control: 'again' };
    const other = { egress: telemetry, args: {}, control: 'other' };
    expect(mergeAmbient([first], [again, other, other])).toEqual([first, other]);
  });
});
