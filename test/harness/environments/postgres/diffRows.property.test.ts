import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Change } from '../../../../harness/environments/change.js';
import { diffRows } from '../../../../harness/environments/postgres/diffRows.js';
import type { PgLogEntry } from '../../../../harness/environments/postgres/pgSnapshot.js';

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
      log.push({ id: log.length + 1, table: 't', op: 'D', old, new: null });
    } else {
      const row = { id, v };
      state.set(id, row);
      log.push({ id: log.length + 1, table: 't', op: old ? 'U' : 'I', old, new: row });
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
      { id: 1, table: 't', op: 'I', old: null, new: a },
      { id: 2, table: 't', op: 'I', old: null, new: a },
      { id: 3, table: 't', op: 'U', old: a, new: b },
      { id: 4, table: 't', op: 'D', old: { at: 't0', what: 'old' }, new: null },
    ];
    expect(show(diffRows('t', undefined, log))).toEqual([
      'add t(at="t1", what="open")',
      'add t(at="t2", what="shut")',
      'delete t(at="t0", what="old")',
    ]);
  });
});
