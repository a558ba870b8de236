import { describe, expect, it } from 'vitest';
import { effectiveHints } from '../../../src/hints/effectiveHints.js';
import type { Evidence } from '../../../src/report/model.js';
import { EMPTY_TALLY, tallyInvalidArguments, tallyObservation } from '../../../src/run/toolTally.js';
import { suggestedHints, verdictsFor } from '../../../src/run/verdicts.js';
import { change, observe, timeout, toolError } from './observationFixtures.js';

const readOnly = effectiveHints({ readOnlyHint: true });
const writer = effectiveHints({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
const evidence = { title: 't' } as Evidence;

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
});

describe('verdictsFor', () => {
  it('marks destructive and idempotent not-applicable on a read-only tool, and openWorld unchecked', () => {
    const verdicts = verdictsFor(readOnly, tallyObservation(EMPTY_TALLY, observe({})), {});
    expect(verdicts.readOnlyHint).toEqual({ status: 'consistent', observations: 1 });
    expect(verdicts.destructiveHint.status).toBe('not-applicable');
    expect(verdicts.idempotentHint.status).toBe('not-applicable');
    expect(verdicts.openWorldHint.status).toBe('unchecked');
  });

  it('is never consistent when every call failed: inconclusive with a sample error', () => {
    const tally = tallyObservation(EMPTY_TALLY, observe({ outcome: toolError }, { outcome: toolError }));
    const verdicts = verdictsFor(writer, tally, {});
    for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint'] as const) {
      expect(verdicts[hint]).toEqual({
        status: 'inconclusive',
        reason: expect.stringContaining('every call failed (sample: isError: not found)') as string,
      });
    }
  });

  it('is inconclusive about idempotency when no successful call was repeated (time-out)', () => {
    const tally = tallyObservation(EMPTY_TALLY, observe({}, null));
    const verdicts = verdictsFor(writer, tally, {});
    expect(verdicts.readOnlyHint.status).toBe('consistent');
    expect(verdicts.idempotentHint.status).toBe('inconclusive');
  });

  it('is inconclusive with no observation at all, naming invalid arguments', () => {
    const verdicts = verdictsFor(writer, tallyInvalidArguments(EMPTY_TALLY), {});
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
    );
    expect(verdicts.destructiveHint).toEqual({ status: 'contradicted', evidence });
    expect(verdicts.readOnlyHint).toEqual({ status: 'inconclusive', reason: 'cannot generate arguments: x' });
  });
});

describe('suggestedHints', () => {
  it('suggests the tighter values when every successful observation supports them', () => {
    const tally = tallyObservation(EMPTY_TALLY, observe({}, {}));
    expect(suggestedHints(effectiveHints(null), tally)).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
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
