import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredHints, effectiveHints } from '../../../../src/hints/effectiveHints.js';
import { confirmContradiction } from '../../../../src/engine/confirm/confirmContradiction.js';
import { setAside } from '../../../../src/engine/confirm/controlState.js';
import type { Violation } from '../../../../src/checks/violation.js';
import type { Change } from '../../../../harness/index.js';
import type { MadeCall } from '../../../../src/engine/run/runTypes.js';
import type { SessionPool } from '../../../../src/engine/session/sessionPool.js';
import type { HintName, Hints } from '../../../../src/model/hints.js';
import { inProcessPool, OPTIONS, touched } from '../inProcessServers.js';

/** How long after `record` answers its log line lands, and how long `lookup` takes: the line lands mid-lookup. */
const LINGER_MS = 150;
const LOOKUP_MS = 400;

/**
 * A server whose `record` answers at once and appends to `audit.log` LINGER_MS later (fire and forget, as
 * servers that log or count usage do), and whose honest read-only `lookup` takes LOOKUP_MS. A session that
 * calls `lookup` right after `record` sees the log line land during it, and so would a replay after `record`.
 * `scribble` claims read-only and really appends while it runs.
 */
function lingeringServer(fs: string): McpServer {
  const server = new McpServer({ name: 'lingering', version: '1.0.0' });
  const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
  const log = (line: string) => appendFileSync(join(fs, 'audit.log'), `${line}\n`);
  server.registerTool('record', { inputSchema: { what: z.string() } }, ({ what }) => {
    setTimeout(() => log(`recorded ${what}`), LINGER_MS);
    return text('recorded');
  });
  server.registerTool('lookup', { inputSchema: {}, annotations: { readOnlyHint: true } }, async () => {
    await sleep(LOOKUP_MS);
    return text('nothing');
  });
  server.registerTool('scribble', { inputSchema: {}, annotations: { readOnlyHint: true } }, () => {
    log('scribbled');
    return text('done');
  });
  return server;
}

/** How often `ticking`'s clock file is rewritten, whatever any call does. */
const TICK_MS = 40;

/**
 * A server that rewrites `clock.txt` every TICK_MS from start-up, an honest read-only `peek` that takes
 * 3 ticks, and `stamp`, which claims idempotency, appends a line on every call and takes 3 ticks too.
 */
function tickingServer(fs: string): McpServer {
  const server = new McpServer({ name: 'ticking', version: '1.0.0' });
  const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
  let ticks = 0;
  const timer = setInterval(() => writeFileSync(join(fs, 'clock.txt'), `${++ticks}\n`), TICK_MS);
  server.server.onclose = () => clearInterval(timer);
  server.registerTool('peek', { inputSchema: {}, annotations: { readOnlyHint: true } }, async () => {
    await sleep(3 * TICK_MS);
    return text('nothing');
  });
  server.registerTool(
    'stamp',
    { inputSchema: {}, annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: false } },
    async () => {
      appendFileSync(join(fs, 'stamps.log'), 'stamp\n');
      await sleep(3 * TICK_MS);
      return text('stamped');
    },
  );
  return server;
}

const readOnly = effectiveHints(declaredHints({ readOnlyHint: true }));

/** Counts the sessions a pool hands out (a control run on a fresh sandbox is one more). */
function counted<T extends { take(): Promise<unknown> }>(pool: T): { pool: T; taken: () => number } {
  let taken = 0;
  const take = pool.take.bind(pool);
  pool.take = () => {
    taken++;
    return take();
  };
  return { pool, taken: () => taken };
}

/** Confirms `tool`'s contradiction of `hint` on `pool`, after the history calls given (none: alone). */
function confirm(
  pool: SessionPool,
  tool: string,
  hint: HintName,
  history: MadeCall[] = [],
  effective: Hints = readOnly,
) {
  return confirmContradiction({
    pool,
    history,
    run: [],
    target: { tool, args: {} },
    effective,
    hints: new Set([hint]),
    options: OPTIONS,
  });
}

const recorded: MadeCall[] = [{ tool: 'record', args: { what: 'x' }, changed: false }];

describe('state control windows (in-process server, fresh sandboxes)', () => {
  it('do not blame a read for the write an earlier call left running', async () => {
    await using pool = await inProcessPool(lingeringServer);
    const confirmation = await confirm(pool, 'lookup', 'readOnlyHint', recorded);
    expect(confirmation.confirmed).toBe(false);
    if (confirmation.confirmed) return;
    // The replays after `record` waited the control window before `lookup`: the line landed in it, not in
    // the command, and each says so.
    expect(confirmation.replays.join('\n')).toMatch(
      /after the session's 1 earlier calls on a fresh sandbox \(the command made 6 times\): no contradiction \(1 change\(s\) came while no call was made/,
    );
  });

  it('set aside what changes on its own, seen in the replay itself (no control sandbox)', async () => {
    await using inProcess = await inProcessPool(tickingServer);
    const { pool, taken } = counted(inProcess);
    const confirmation = await confirm(pool, 'peek', 'readOnlyHint');
    expect(confirmation.confirmed).toBe(false);
    if (confirmation.confirmed) return;
    expect(confirmation.replays.join('\n')).toMatch(
      /the replay's 250 ms with no call before the command showed 1 of the 1 change\(s\) behind readOnlyHint: background/,
    );
    // The replay alone, and nothing else: its own window was the control.
    expect(taken()).toBe(1);
  });

  it("confirm a repeat's change that the window between the calls did not show", async () => {
    await using inProcess = await inProcessPool(tickingServer);
    const { pool, taken } = counted(inProcess);
    const stamp = declaredHints({ readOnlyHint: false, idempotentHint: true, destructiveHint: false });
    const confirmation = await confirm(pool, 'stamp', 'idempotentHint', [], effectiveHints(stamp));
    expect(confirmation.confirmed).toBe(true);
    if (!confirmation.confirmed) return;
    // The clock's tick during the second call was set aside: the window between the calls showed it too.
    expect(confirmation.violations.flatMap((violation) => touched(violation.changes))).toEqual([
      'append fs:stamps.log',
    ]);
    expect(taken()).toBe(1);
  });

  it('still confirm a read that writes while it runs', async () => {
    await using pool = await inProcessPool(lingeringServer);
    const confirmation = await confirm(pool, 'scribble', 'readOnlyHint', recorded);
    expect(confirmation.confirmed).toBe(true);
    if (!confirmation.confirmed) return;
    expect(confirmation.violations.flatMap((violation) => touched(violation.changes))).toEqual([
      'add fs:audit.log',
    ]);
  });
});

describe('setAside (pure)', () => {
  const change = (entity: string): Change => ({ environment: 'fs', entity, kind: 'modify', detail: 'bytes' });
  const violation = (hint: HintName, call: 1 | 2, ...entities: string[]): Violation => ({
    hint,
    call,
    title: `${hint} on call ${call}`,
    changes: entities.map(change),
  });
  const shown = (...entities: string[]) => ({
    keys: new Set(entities.map((entity) => `fs:${entity}`)),
    inSession: true,
  });

  // name, violations, what the windows showed, what is kept (hint, entities), how many notes say why
  it.each([
    [
      'keeps what the window before did not show',
      [violation('readOnlyHint', 1, 'a', 'b')],
      { beforeCommand: shown('a') },
      [['readOnlyHint', ['b']]],
      1,
    ],
    [
      'drops a violation the window showed whole',
      [violation('destructiveHint', 2, 'a')],
      { beforeCommand: shown('a') },
      [],
      1,
    ],
    [
      "sets a repeat's change against the window between the calls",
      [violation('idempotentHint', 2, 'a')],
      { beforeCommand: shown('a'), betweenCalls: shown('b') },
      [['idempotentHint', ['a']]],
      0,
    ],
    [
      'passes a violation whose window was not taken',
      [violation('idempotentHint', 2, 'a')],
      { beforeCommand: shown('a') },
      [['idempotentHint', ['a']]],
      0,
    ],
    [
      'passes egress',
      [{ ...violation('openWorldHint', 1), egress: [] }],
      { beforeCommand: shown('a') },
      [['openWorldHint', []]],
      0,
    ],
  ] as const)('%s', (_name, violations, windows, kept, notes) => {
    const result = setAside(violations, windows, 250);
    expect(result.violations.map((v) => [v.hint, v.changes.map((c) => c.entity)])).toEqual(kept);
    expect(result.notes).toHaveLength(notes);
  });
});
