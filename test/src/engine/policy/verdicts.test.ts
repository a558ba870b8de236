import { describe, expect, it } from 'vitest';
import { effectiveHints } from '../../../../src/hints/effectiveHints.js';
import type { Evidence } from '../../../../src/model/report.js';
import {
  EMPTY_TALLY,
  tallyFor,
  unexercised,
  tallyInvalidArguments,
  tallyObservation,
  tallyPooled,
} from '../../../../src/engine/policy/toolTally.js';
import {
  MIN_SUPPORT,
  suggestedHints,
  suggestionBasis,
  verdictsFor,
} from '../../../../src/engine/policy/verdicts.js';
import { change, observe, timeout, toolError } from '../observationFixtures.js';

const readOnly = effectiveHints({ readOnlyHint: true });
const writer = effectiveHints({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
const evidence = { title: 't' } as Evidence;
const UNOBSERVED = 'egress was not observed';
/** Answers that showed the state they met (their different arguments got one answer, `ok`, which alone proves nothing). */
const SHOWN = { showsState: true, state: '' };

describe('tallyObservation', () => {
  it('counts calls, errors, and the evidence behind verdicts', () => {
    let tally = tallyObservation(EMPTY_TALLY, observe({ changes: [change('add')] }, { outcome: toolError }));
    tally = tallyObservation(tally, observe({ outcome: timeout }, null));
    expect(tally).toMatchObject({
      observations: 2,
      calls: 3,
      errors: 2,
      successful: 1,
      repeated: 1,
      changed: 1,
    });
    expect(tally.sampleError).toBe('isError: not found');
  });

  it('counts a line or record added inside a file that was there as meeting existing state, a new file not', () => {
    const line = { ...change('add', 'notes.md#[line 4]'), within: 'notes.md' };
    const inserted = tallyObservation(EMPTY_TALLY, observe({ changes: [line] }));
    expect(inserted).toMatchObject({ metExisting: 1, changedExisting: 1 });
    const created = tallyObservation(EMPTY_TALLY, observe({ changes: [change('add', 'notes.md')] }));
    expect(created).toMatchObject({ metExisting: 0, changedExisting: 0 });
  });
});

describe('verdictsFor', () => {
  it('marks destructive and idempotent not-applicable on a read-only tool, and openWorld unchecked', () => {
    const verdicts = verdictsFor(
      readOnly,
      tallyObservation(EMPTY_TALLY, observe({})),
      {},
      undefined,
      UNOBSERVED,
    );
    expect(verdicts.readOnlyHint).toEqual({ status: 'consistent', observations: 1 });
    expect(verdicts.destructiveHint.status).toBe('not-applicable');
    expect(verdicts.idempotentHint.status).toBe('not-applicable');
    expect(verdicts.openWorldHint.status).toBe('unchecked');
  });

  it('says what to try when every call failed, judged by whether arguments met the sandbox', () => {
    const noArguments = tallyObservation(
      EMPTY_TALLY,
      observe({ outcome: toolError }, { outcome: toolError }),
    );
    expect(verdictsFor(writer, noArguments, {}, undefined, UNOBSERVED).readOnlyHint).toMatchObject({
      reason: expect.stringContaining('the tool takes no arguments') as string,
    });
    const failed = tallyObservation(EMPTY_TALLY, {
      ...observe({ outcome: toolError }, { outcome: toolError }),
      args: { name: 'x' },
    });
    const unpooled = verdictsFor(writer, failed, {}, undefined, UNOBSERVED).readOnlyHint;
    expect(unpooled).toMatchObject({
      reason: expect.stringContaining('pass --fs (or --pg) with data') as string,
    });
    const pooled = verdictsFor(writer, tallyPooled(failed), {}, undefined, UNOBSERVED).readOnlyHint;
    expect(pooled).toMatchObject({
      reason: expect.stringContaining(
        '1 of 1 commands named existing sandbox values and still failed',
      ) as string,
    });
  });

  it('is never consistent when every call failed: inconclusive with a sample error', () => {
    const tally = tallyObservation(EMPTY_TALLY, observe({ outcome: toolError }, { outcome: toolError }));
    const verdicts = verdictsFor(writer, tally, {}, undefined, UNOBSERVED);
    for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint'] as const) {
      expect(verdicts[hint]).toEqual({
        status: 'inconclusive',
        reason: expect.stringContaining('every call failed (sample: isError: not found)') as string,
      });
    }
  });

  it('is inconclusive about idempotency when no successful call was repeated (time-out)', () => {
    const tally = tallyObservation(EMPTY_TALLY, observe({}, null));
    const verdicts = verdictsFor(writer, tally, {}, undefined, UNOBSERVED);
    expect(verdicts.readOnlyHint.status).toBe('consistent');
    expect(verdicts.idempotentHint.status).toBe('inconclusive');
  });

  it('is inconclusive with no observation at all, naming invalid arguments', () => {
    const verdicts = verdictsFor(writer, tallyInvalidArguments(EMPTY_TALLY), {}, undefined, UNOBSERVED);
    expect(verdicts.readOnlyHint).toMatchObject({
      status: 'inconclusive',
      reason: expect.stringContaining('input schema') as string,
    });
  });

  it('puts contradictions first and passes a generation failure through as the reason', () => {
    const verdicts = verdictsFor(
      writer,
      EMPTY_TALLY,
      { destructiveHint: evidence },
      'cannot generate arguments: x',
      UNOBSERVED,
    );
    expect(verdicts.destructiveHint).toEqual({ status: 'contradicted', evidence });
    expect(verdicts.readOnlyHint).toEqual({ status: 'inconclusive', reason: 'cannot generate arguments: x' });
  });
});

describe('verdicts with flaky findings', () => {
  const closed = effectiveHints({ openWorldHint: false });
  const flaky = {
    hint: 'openWorldHint' as const,
    title: 'ping claims openWorldHint: false but tried to reach outside the sandbox',
    args: {},
    changes: [],
    history: 0,
    replays: ['replayed alone on a fresh sandbox: no contradiction'],
  };
  it('leaves a hint seen contradicted once and never reproduced inconclusive, however many calls agreed', () => {
    const tally = tallyObservation(tallyObservation(EMPTY_TALLY, observe({})), observe({}));
    const verdicts = verdictsFor(closed, tally, {}, undefined, undefined, [flaky, flaky]);
    expect(verdicts.openWorldHint).toEqual({
      status: 'inconclusive',
      reason: expect.stringMatching(
        /^2 contradictions were seen in a session \(ping claims openWorldHint/,
      ) as string,
    });
    // The other hints stand on the calls.
    expect(verdicts.readOnlyHint).toEqual({ status: 'consistent', observations: 2 });
  });
});

describe('openWorldHint verdicts', () => {
  const closed = effectiveHints({ openWorldHint: false });
  it('is unchecked, with the reason, when egress was not observed', () => {
    const verdicts = verdictsFor(
      closed,
      tallyObservation(EMPTY_TALLY, observe({})),
      {},
      undefined,
      UNOBSERVED,
    );
    expect(verdicts.openWorldHint).toEqual({ status: 'unchecked', reason: UNOBSERVED });
  });
  it('follows the evidence rules when egress was observed', () => {
    expect(
      verdictsFor(closed, tallyObservation(EMPTY_TALLY, observe({})), {}, undefined, undefined).openWorldHint,
    ).toEqual({
      status: 'consistent',
      observations: 1,
    });
    const failed = tallyObservation(EMPTY_TALLY, observe({ outcome: toolError }, { outcome: toolError }));
    expect(verdictsFor(closed, failed, {}, undefined, undefined).openWorldHint.status).toBe('inconclusive');
  });
});

describe('suggestedHints', () => {
  it('suggests nothing tighter while a mode never succeeded, and keeps corrections', () => {
    const modes = tallyFor({ action: ['list', 'delete'] });
    const listed = tallyObservation(modes, { ...observe({}), args: { action: 'list' } });
    const deleteFailed = tallyObservation(listed, {
      ...observe({ outcome: toolError }, { outcome: toolError }),
      args: { action: 'delete' },
    });
    const declared = effectiveHints({});
    expect(suggestedHints(declared, deleteFailed, true)).toEqual(declared);
    const wrote = tallyObservation(deleteFailed, {
      ...observe({ changes: [change('add')] }),
      args: { action: 'list' },
    });
    expect(suggestedHints(readOnly, wrote).readOnlyHint).toBe(false);
    let deleted = tallyObservation(deleteFailed, { ...observe({}), args: { action: 'delete' } }, true, SHOWN);
    for (let i = 0; i < MIN_SUPPORT; i++) {
      deleted = tallyObservation(deleted, { ...observe({}), args: { action: 'list' } }, true, SHOWN);
    }
    expect(suggestedHints(declared, deleted, true).readOnlyHint).toBe(true);
  });

  it('suggests no reader of a SQL tool through which only reads succeeded', () => {
    // @henkey/postgres-mcp-server 1.0.7's pg_execute_sql runs any SQL: selects alone say nothing of its writes.
    let selects = tallyFor({}, ['sql']);
    for (let i = 0; i < MIN_SUPPORT + 2; i++) {
      selects = tallyObservation(selects, { ...observe({}, {}), args: { sql: 'SELECT 1' } }, true, SHOWN);
    }
    const declared = effectiveHints({});
    expect(unexercised(selects)).toEqual(['sql: no writing statement succeeded (only reads were exercised)']);
    expect(suggestedHints(declared, selects, true)).toEqual(declared);
    const refused = tallyObservation(
      selects,
      { ...observe({ outcome: toolError }), args: { sql: 'DELETE FROM t' } },
      true,
    );
    expect(suggestedHints(declared, refused, true)).toEqual(declared);
    const wroteNothing = tallyObservation(
      refused,
      { ...observe({}, {}), args: { sql: 'SELECT 1; DELETE FROM t WHERE id = 9' } },
      true,
      SHOWN,
    );
    expect(unexercised(wroteNothing)).toEqual([]);
    expect(suggestedHints(declared, wroteNothing, true).readOnlyHint).toBe(true);
  });

  it('never suggests destructiveHint: false from calls that met no existing state', () => {
    const tally = tallyObservation(EMPTY_TALLY, observe({}, {}), false);
    expect(suggestedHints(effectiveHints(null), tally).destructiveHint).toBe(true);
    expect(suggestionBasis(tally, effectiveHints(null))).toEqual({
      readOnlyHint: 0,
      destructiveHint: 0,
      idempotentHint: 0,
    });
  });

  it('suggests the tighter values when every successful observation supports them, on enough of them', () => {
    let tally = EMPTY_TALLY;
    for (let i = 0; i < MIN_SUPPORT; i++) tally = tallyObservation(tally, observe({}, {}), true);
    expect(suggestedHints(effectiveHints(null), tally)).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    const cautious = effectiveHints(null);
    expect(suggestionBasis(tally, cautious)).toEqual({
      readOnlyHint: MIN_SUPPORT,
      destructiveHint: MIN_SUPPORT,
      idempotentHint: MIN_SUPPORT,
    });
  });

  it('suggests destructiveHint: false and idempotentHint: true for a writer only from calls that wrote', () => {
    // A tool seen writing once, whose other calls met a file and changed nothing (a replace whose search matched
    // nothing, as in @shtse8/filesystem-mcp): those calls show nothing of what its writes do.
    const cautious = effectiveHints(null);
    let missed = tallyObservation(EMPTY_TALLY, observe({ changes: [change('append')] }, {}), true);
    for (let i = 0; i < 3 * MIN_SUPPORT; i++) missed = tallyObservation(missed, observe({}, {}), true);
    expect(suggestedHints(cautious, missed)).toEqual(cautious);
    expect(suggestionBasis(missed, cautious)).toMatchObject({ destructiveHint: 1, idempotentHint: 1 });
    let appended = EMPTY_TALLY;
    for (let i = 0; i < MIN_SUPPORT; i++) {
      appended = tallyObservation(appended, observe({ changes: [change('append')] }, {}), true);
    }
    expect(suggestedHints(cautious, appended)).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    expect(suggestionBasis(appended, cautious)).toMatchObject({
      destructiveHint: MIN_SUPPORT,
      idempotentHint: MIN_SUPPORT,
    });
  });

  it('suggests nothing tighter from calls that met no existing state and changed nothing', () => {
    // A tool answering a bad argument in words hintproof cannot read (split_tasks of mcp-shrimp-task-manager
    // answers in Chinese, without isError) looks like a silent success: that is no evidence of reading only.
    let tally = EMPTY_TALLY;
    for (let i = 0; i < 3 * MIN_SUPPORT; i++) tally = tallyObservation(tally, observe({}, {}), false);
    expect(tally.successful).toBe(3 * MIN_SUPPORT);
    expect(suggestedHints(effectiveHints(null), tally)).toEqual(effectiveHints(null));
    expect(suggestionBasis(tally, effectiveHints(null))).toEqual({
      readOnlyHint: 0,
      destructiveHint: 0,
      idempotentHint: 0,
    });
  });

  it('suggests openWorldHint: false only from calls in which the tool visibly did something', () => {
    let silent = EMPTY_TALLY;
    for (let i = 0; i < MIN_SUPPORT; i++) silent = tallyObservation(silent, observe({}, {}), false);
    expect(suggestedHints(effectiveHints(null), silent, true).openWorldHint).toBe(true);
    let met = EMPTY_TALLY;
    for (let i = 0; i < MIN_SUPPORT; i++) met = tallyObservation(met, observe({}, {}), true);
    expect(suggestedHints(effectiveHints(null), met, true).openWorldHint).toBe(false);
    expect(suggestionBasis(met, effectiveHints(null), true).openWorldHint).toBe(MIN_SUPPORT);
  });

  it('suggests idempotentHint: true from repeats of calls that created something', () => {
    let tally = EMPTY_TALLY;
    for (let i = 0; i < MIN_SUPPORT; i++) {
      tally = tallyObservation(tally, observe({ changes: [change('add')] }, {}), false);
    }
    expect(suggestedHints(effectiveHints(null), tally)).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: true,
    });
    expect(suggestionBasis(tally, effectiveHints(null)).idempotentHint).toBe(MIN_SUPPORT);
  });

  it('suggests nothing tighter from fewer than MIN_SUPPORT observations', () => {
    let tally = EMPTY_TALLY;
    for (let i = 1; i < MIN_SUPPORT; i++) tally = tallyObservation(tally, observe({}, {}), true);
    expect(suggestedHints(effectiveHints(null), tally)).toEqual(effectiveHints(null));
  });

  it('suggests the cautious values that observations demand', () => {
    const tally = tallyObservation(
      EMPTY_TALLY,
      observe({ changes: [change('modify')] }, { changes: [change('append')] }),
    );
    expect(suggestedHints(writer, tally)).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
  });

  it('keeps the declared hints when there is no evidence either way', () => {
    const tally = tallyObservation(EMPTY_TALLY, observe({ outcome: toolError }, { outcome: toolError }));
    expect(suggestedHints(writer, tally)).toEqual(writer);
  });
});

describe('behaviourOf', () => {
  it('names each kind of effect seen, and reads only when nothing changed', async () => {
    const { behaviourOf } = await import('../../../../src/baseline/behaviour.js');
    expect(behaviourOf(EMPTY_TALLY)).toEqual([]);
    expect(behaviourOf(tallyObservation(EMPTY_TALLY, observe({}, {})))).toEqual(['reads only']);
    let tally = tallyObservation(
      EMPTY_TALLY,
      observe({ changes: [change('delete'), change('add', 'b')] }, {}),
    );
    tally = tallyObservation(
      tally,
      observe({ changes: [change('append')] }, { changes: [change('append')] }),
    );
    expect(behaviourOf(tally)).toEqual(['adds', 'appends', 'deletes', 'changes again on repeat']);
    expect(tally.kinds).toEqual({ add: 1, append: 1, modify: 0, delete: 1, counter: 0 });
  });
});
