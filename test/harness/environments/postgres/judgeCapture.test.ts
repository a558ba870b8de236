import { describe, expect, it } from 'vitest';
import type { CaptureJudgement } from '../../../../harness/environments/postgres/judgeCapture.js';
import { judgeCapture } from '../../../../harness/environments/postgres/judgeCapture.js';
import type { CaptureState, CapturedTable } from '../../../../harness/environments/postgres/readCapture.js';

const table = (oid: number, extra: Partial<CapturedTable> = {}): CapturedTable => ({
  oid,
  ident: `"public"."t${oid}"`,
  rowSeal: '100',
  triggerSeal: `${oid + 1}:100:A`,
  ...extra,
});
const state = (tables: Record<string, CapturedTable>, extra: Partial<CaptureState> = {}): CaptureState => ({
  machine: 'schema 1:1 | log 2:1',
  logSequence: 5,
  tables: new Map(Object.entries(tables)),
  ...extra,
});
const template = state({ 'public.a': table(10), 'public.b': table(20) });
const fine: CaptureJudgement = { intact: true, untrusted: new Map(), notes: [] };

describe('judgeCapture', () => {
  it('trusts every table whose catalog row and capture trigger are as they were', () => {
    expect(judgeCapture({ template, current: template, typeAltered: false })).toEqual(fine);
    const previous = { capture: template, judgement: fine };
    expect(judgeCapture({ template, previous, current: template, typeAltered: false })).toEqual(fine);
  });

  it('names why a table is compared in full, and notes capture defeated during the interval', () => {
    const current = state({
      'public.a': table(10, { triggerSeal: '11:200:A' }),
      'public.b': table(20, { rowSeal: '300' }),
      'public.c': table(30),
      'public.d': table(41, { triggerSeal: '', uncaptured: 'its capture trigger is missing' }),
    });
    const before = state({ ...Object.fromEntries(template.tables), 'public.d': table(40) });
    const judged = judgeCapture({
      template,
      previous: { capture: before, judgement: fine },
      current,
      typeAltered: false,
    });
    expect(Object.fromEntries(judged.untrusted)).toEqual({
      'public.a': 'its capture trigger was dropped, replaced, disabled or re-enabled',
      'public.b': 'altered, truncated or rewritten (its catalog row changed)',
      'public.c': 'created or renamed since the previous snapshot',
      'public.d': 'dropped and created again',
    });
    expect(judged.notes).toEqual([
      'public.a: its capture trigger was dropped, replaced, disabled or re-enabled; its rows are compared in full',
    ]);
  });

  it('distrusts every table, for good, once hintproof’s own objects changed or the log sequence went back', () => {
    const altered = judgeCapture({
      template,
      current: state(Object.fromEntries(template.tables), { machine: 'schema 1:1 | log 2:9' }),
      typeAltered: false,
    });
    expect(altered.intact).toBe(false);
    expect([...altered.untrusted.keys()]).toEqual(['public.a', 'public.b']);
    const later = judgeCapture({
      template,
      previous: { capture: template, judgement: altered },
      current: template,
      typeAltered: false,
    });
    expect(later).toMatchObject({ intact: false, notes: [] });
    expect(later.untrusted.size).toBe(2);
    const back = judgeCapture({
      template,
      previous: { capture: template, judgement: fine },
      current: state(Object.fromEntries(template.tables), { logSequence: 2 }),
      typeAltered: false,
    });
    expect(back.notes).toEqual([
      "the change log's id sequence was moved back (5 → 2); every table is compared in full",
    ]);
  });

  it('distrusts every table for the interval of an ALTER TYPE', () => {
    const judged = judgeCapture({ template, current: template, typeAltered: true });
    expect([...judged.untrusted.values()]).toEqual([
      'a type was altered (ALTER TYPE), which can change stored values',
      'a type was altered (ALTER TYPE), which can change stored values',
    ]);
  });
});
