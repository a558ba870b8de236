import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChangeKind } from '../../../harness/index.js';
import { destructiveCheck } from '../../../src/checks/destructive.js';
import { openWorldCheck } from '../../../src/checks/openWorld.js';
import { idempotentCheck } from '../../../src/checks/idempotent.js';
import { violationsOf } from '../../../src/checks/index.js';
import { readOnlyCheck } from '../../../src/checks/readOnly.js';
import { effectiveHints } from '../../../src/hints/effectiveHints.js';
import { change, observe, toolError } from '../engine/observationFixtures.js';

const readOnly = effectiveHints({ readOnlyHint: true });
const additive = effectiveHints({ readOnlyHint: false, destructiveHint: false });
const idempotent = effectiveHints({ readOnlyHint: false, idempotentHint: true });
const defaults = effectiveHints(null);

describe('readOnlyCheck', () => {
  it('is contradicted by any change in call 1, naming the call and the changes', () => {
    const violation = readOnlyCheck(readOnly, observe({ changes: [change('append', '.access.log')] }));
    expect(violation).toMatchObject({ hint: 'readOnlyHint', call: 1, changes: [{ entity: '.access.log' }] });
    expect(violation?.title).toBe('some_tool claims readOnlyHint: true but changed the sandbox');
  });

  it('is contradicted by a change in call 2 only', () => {
    expect(readOnlyCheck(readOnly, observe({}, { changes: [change('add')] }))?.call).toBe(2);
  });

  it('is contradicted by a failing call that wrote', () => {
    expect(readOnlyCheck(readOnly, observe({ outcome: toolError, changes: [change('add')] }))).toBeDefined();
  });

  it('ignores counters, and holds when nothing changed', () => {
    expect(readOnlyCheck(readOnly, observe({ changes: [change('counter')] }))).toBeUndefined();
    expect(readOnlyCheck(readOnly, observe({}))).toBeUndefined();
  });

  it('cannot contradict the cautious readOnlyHint: false', () => {
    expect(readOnlyCheck(defaults, observe({ changes: [change('delete')] }))).toBeUndefined();
  });
});

describe('destructiveCheck', () => {
  it.each(['modify', 'delete'] as const)('is contradicted by a %s', (kind) => {
    expect(destructiveCheck(additive, observe({ changes: [change(kind)] }))?.hint).toBe('destructiveHint');
  });

  it.each(['add', 'append', 'counter'] as const)('holds for an additive %s', (kind) => {
    expect(
      destructiveCheck(additive, observe({ changes: [change(kind)] }, { changes: [change(kind)] })),
    ).toBeUndefined();
  });

  it('reports only the destructive changes as evidence', () => {
    const violation = destructiveCheck(
      additive,
      observe({ changes: [change('add', 'b.md'), change('delete', 'a.md')] }),
    );
    expect(violation?.changes).toEqual([change('delete', 'a.md')]);
  });

  it('does not apply to read-only tools, nor to the cautious default', () => {
    expect(
      destructiveCheck(
        effectiveHints({ readOnlyHint: true, destructiveHint: false }),
        observe({ changes: [change('delete')] }),
      ),
    ).toBeUndefined();
    expect(destructiveCheck(defaults, observe({ changes: [change('delete')] }))).toBeUndefined();
  });
});

describe('idempotentCheck', () => {
  it('holds when only the first call changes state', () => {
    expect(idempotentCheck(idempotent, observe({ changes: [change('add')] }, {}))).toBeUndefined();
  });

  it('is contradicted when the repeat changes anything, even an append', () => {
    const violation = idempotentCheck(
      idempotent,
      observe({ changes: [change('append')] }, { changes: [change('append')] }),
    );
    expect(violation).toMatchObject({ hint: 'idempotentHint', call: 2 });
  });

  it('holds when the repeat only advances a counter (an upsert consuming a sequence value)', () => {
    expect(idempotentCheck(idempotent, observe({}, { changes: [change('counter')] }))).toBeUndefined();
  });

  it('says nothing without a second call', () => {
    expect(idempotentCheck(idempotent, observe({ changes: [change('add')] }, null))).toBeUndefined();
  });
});

describe('violationsOf', () => {
  const kinds: ChangeKind[] = ['add', 'append', 'modify', 'delete', 'counter'];
  const changesArb = fc.array(
    fc.constantFrom(...kinds).map((kind) => change(kind)),
    { maxLength: 4 },
  );
  const hintsArb = fc
    .record(
      { readOnlyHint: fc.boolean(), destructiveHint: fc.boolean(), idempotentHint: fc.boolean() },
      { requiredKeys: [] },
    )
    .map((declared) => effectiveHints(declared));

  it('never contradicts the spec defaults, whatever happened', () => {
    fc.assert(
      fc.property(changesArb, changesArb, (first, second) => {
        expect(violationsOf(defaults, observe({ changes: first }, { changes: second }))).toEqual([]);
      }),
    );
  });

  it('finds nothing when nothing but counters changed, for any hints', () => {
    fc.assert(
      fc.property(hintsArb, fc.array(fc.constant(change('counter'))), (hints, counters) => {
        expect(violationsOf(hints, observe({ changes: counters }, { changes: counters }))).toEqual([]);
      }),
    );
  });

  it('contradicts readOnlyHint: true exactly when some non-counter change happened', () => {
    fc.assert(
      fc.property(changesArb, changesArb, (first, second) => {
        const real = [...first, ...second].some((c) => c.kind !== 'counter');
        const found = violationsOf(readOnly, observe({ changes: first }, { changes: second }));
        expect(found.some((v) => v.hint === 'readOnlyHint')).toBe(real);
      }),
    );
  });
});

describe('openWorldCheck', () => {
  const closed = effectiveHints({ openWorldHint: false });
  const attempt = { kind: 'connect' as const, destination: '93.184.216.34:443', result: 'ENETUNREACH' };

  it('is contradicted by an egress attempt in either call, with the attempt as evidence', () => {
    const observation = observe({}, {});
    const withEgress = { ...observation, call2: { ...observation.call2!, egress: [attempt] } };
    expect(openWorldCheck(closed, withEgress)).toMatchObject({
      hint: 'openWorldHint',
      call: 2,
      egress: [attempt],
    });
  });

  it('holds without egress, and cannot contradict the cautious openWorldHint: true', () => {
    expect(openWorldCheck(closed, observe({}, {}))).toBeUndefined();
    const observation = observe({}, {});
    expect(
      openWorldCheck(effectiveHints(null), {
        ...observation,
        call1: { ...observation.call1, egress: [attempt] },
      }),
    ).toBeUndefined();
  });
});
