import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Change } from '../../../../harness/environments/change.js';
import { diffRows } from '../../../../harness/environments/postgres/diffRows.js';
import type { PgLogEntry, PgRow } from '../../../../harness/environments/postgres/pgSnapshot.js';
import { applyEntries, diffRowSets } from '../../../../harness/environments/postgres/rowSets.js';

type Row = { id: number; v: string };
const op = fc.record({
  kind: fc.constantFrom('upsert', 'delete'),
  id: fc.integer({ min: 1, max: 4 }),
  v: fc.constantFrom('a', 'b'),
});

/** Applies operations to a table state, logging each as a trigger would. */
function play(start: Map<number, Row>, ops: ReadonlyArray<{ kind: string; id: number; v: string }>) {
  const state = new Map(start);
  const log: PgLogEntry[] = [];
  for (const { kind, id, v } of ops) {
    const old = state.get(id) ?? null;
    if (kind === 'delete') {
      if (!old) continue;
      state.delete(id);
      log.push({ id: log.length + 1, rel: 1, table: 't', op: 'D', old, new: null });
    } else {
      const row = { id, v };
      state.set(id, row);
      log.push({ id: log.length + 1, rel: 1, table: 't', op: old ? 'U' : 'I', old, new: row });
    }
  }
  return { state, log };
}

function expected(before: Map<number, Row>, after: Map<number, Row>): string[] {
  const lines: string[] = [];
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(id);
    const b = after.get(id);
    if (!a && b) lines.push(`add t(id=${id})`);
    else if (a && !b) lines.push(`delete t(id=${id})`);
    else if (a && b && a.v !== b.v) lines.push(`modify t(id=${id})`);
  }
  return lines.sort();
}

const show = (changes: Change[]) => changes.map((c) => `${c.kind} ${c.entity}`).sort();

describe('diffRows', () => {
  it('reports exactly the net difference per key, whatever happened in between', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 12 }), fc.array(op, { maxLength: 12 }), (setup, ops) => {
        const { state: before } = play(new Map(), setup);
        const { state: after, log } = play(before, ops);
        expect(show(diffRows('t', ['id'], log))).toEqual(expected(before, after));
      }),
    );
  });

  it('treats a keyless table as a multiset of rows: duplicates count, an update is a delete plus an add', () => {
    const a = { at: 't1', what: 'open' };
    const b = { at: 't2', what: 'shut' };
    const log: PgLogEntry[] = [
      { id: 1, rel: 1, table: 't', op: 'I', old: null, new: a },
      { id: 2, rel: 1, table: 't', op: 'I', old: null, new: a },
      { id: 3, rel: 1, table: 't', op: 'U', old: a, new: b },
      { id: 4, rel: 1, table: 't', op: 'D', old: { at: 't0', what: 'old' }, new: null },
    ];
    expect(show(diffRows('t', undefined, log))).toEqual([
      'add t(at="t1", what="open")',
      'add t(at="t2", what="shut")',
      'delete t(at="t0", what="old")',
    ]);
  });
});

const sorted = (changes: Change[]) => changes.map((c) => `${c.kind} ${c.entity} ${c.detail}`).sort();
const byId = (rows: readonly PgRow[]) => [...rows].sort((a, b) => (a.id as number) - (b.id as number));

describe('row sets (the full comparison of a table whose capture was defeated)', () => {
  const states = fc
    .tuple(fc.array(op, { maxLength: 10 }), fc.array(op, { maxLength: 10 }))
    .map(([setup, ops]) => {
      const { state: before } = play(new Map(), setup);
      const { state: after, log } = play(before, ops);
      return { before: [...before.values()], after: [...after.values()], log };
    });

  it('applying the log to the rows before gives the rows after, keyed or keyless', () => {
    fc.assert(
      fc.property(states, ({ before, after, log }) => {
        expect(byId(applyEntries(before, log, ['id']))).toEqual(byId(after));
        expect(byId(applyEntries(before, log, undefined))).toEqual(byId(after));
      }),
    );
  });

  it('gives the evidence the log would have given: rows added, deleted, modified column by column', () => {
    fc.assert(
      fc.property(states, ({ before, after, log }) => {
        expect(sorted(diffRowSets('t', ['id'], undefined, before, after))).toEqual(
          sorted(diffRows('t', ['id'], log)),
        );
        expect(sorted(diffRowSets('t', undefined, undefined, before, after))).toEqual(
          sorted(diffRows('t', undefined, log)),
        );
      }),
    );
  });

  it('compares only the columns the table has at both ends, and whole rows when its key is not among them', () => {
    const before = [{ id: 1, v: 'a' }];
    expect(diffRowSets('t', ['id'], new Set(['id', 'v']), before, [{ id: 1, v: 'a', added: 'x' }])).toEqual(
      [],
    );
    expect(sorted(diffRowSets('t', ['id'], new Set(['v']), before, [{ id: 2, v: 'b' }]))).toEqual([
      'add t(v="b") keyless row v="b"',
      'delete t(v="a") keyless row v="a"',
    ]);
  });
});
