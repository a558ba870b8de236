import { describe, expect, it } from 'vitest';
import { effectiveHints } from '../../../../src/hints/effectiveHints.js';
import type { CallOutcome } from '../../../../src/model/callOutcome.js';
import { answerShowsState, metState } from '../../../../src/engine/policy/metState.js';
import { MIN_SUPPORT, demonstrated, stateNeverShown } from '../../../../src/engine/policy/demonstrated.js';
import type { ToolTally } from '../../../../src/engine/policy/toolTally.js';
import { EMPTY_TALLY, tallyObservation, unexercised } from '../../../../src/engine/policy/toolTally.js';
import { suggestedHints, verdictsFor } from '../../../../src/engine/policy/verdicts.js';
import { change, observe } from '../observationFixtures.js';

const said = (text: string, isError = false): CallOutcome => ({ status: 'returned', isError, text });
const cautious = effectiveHints({ readOnlyHint: false });

/** A tally of commands that each named existing state (`id`) and got `answer(id)`, changing nothing. */
function quietCalls(ids: readonly string[], answer: (id: string) => string, showsState = false): ToolTally {
  return ids.reduce(
    (tally, id) =>
      tallyObservation(
        tally,
        { ...observe({ outcome: said(answer(id)) }, { outcome: said(answer(id)) }), args: { id } },
        true,
        { showsState, state: '' },
      ),
    EMPTY_TALLY,
  );
}

const IDS = ['t-1', 't-2', 'plan', 'zz-top', 'q', 'a9', 'beta'];

describe('suggestions from calls that demonstrably did their job', () => {
  it('suggests no reader from quiet calls answering one failure template, and says why', () => {
    const tally = quietCalls(IDS, (id) => `Fehler: Aufgabe ${id} konnte nicht aufgeteilt werden`);
    expect(tally.metExisting).toBe(IDS.length);
    expect(demonstrated(tally).metExisting).toBe(0);
    expect(suggestedHints(cautious, tally, true)).toEqual(cautious);
    const reason = stateNeverShown(tally);
    expect(reason).toContain(`${IDS.length} of ${IDS.length} commands that named existing state`);
    expect(reason).toContain('Fehler: Aufgabe · konnte nicht aufgeteilt werden');
    expect(unexercised(tally)).toEqual([reason]);
  });

  it("takes answers shaped like the tool's isError answers for failures", () => {
    let tally = quietCalls(IDS, (id) => `エラー：「${id}」は無効です`, true);
    expect(suggestedHints(cautious, tally).readOnlyHint).toBe(true);
    tally = tallyObservation(tally, {
      ...observe({ outcome: said('エラー：「x-77」は無効です', true) }, null),
      args: { id: 'x-77' },
    });
    expect(suggestedHints(cautious, tally).readOnlyHint).toBe(false);
    expect(stateNeverShown(tally)).toContain('in the shape of its failed calls');
  });

  it('still suggests a reader whose answers vary with what they read', () => {
    const notes: Record<string, string> = {
      't-1': 'Milch, Brot und Käse kaufen',
      't-2': '{"title":"Quarterly report","owner":"ana"}',
      plan: 'Koffer packen; Pass holen',
      'zz-top': '- [x] Sharp dressed man',
      q: 'Ωμέγα 42',
      a9: 'README für das Projekt',
      beta: 'ベータ版のメモ',
    };
    const tally = quietCalls(IDS, (id) => notes[id] ?? '');
    expect(demonstrated(tally).metExisting).toBe(IDS.length);
    expect(suggestedHints(cautious, tally).readOnlyHint).toBe(true);
    expect(stateNeverShown(tally)).toBeUndefined();
  });

  it('needs no answer from a call that changed something', () => {
    let tally = EMPTY_TALLY;
    for (let i = 0; i < MIN_SUPPORT; i++) {
      tally = tallyObservation(
        tally,
        { ...observe({ outcome: said('Fehler'), changes: [change('append')] }, {}), args: { id: `n${i}` } },
        true,
      );
    }
    expect(tally.answers).toBeUndefined();
    expect(suggestedHints(cautious, tally)).toMatchObject({ destructiveHint: false, idempotentHint: true });
  });
});

describe('answerShowsState', () => {
  const existing = new Set(['{fs}', 'notes', 'notes/groceries.md', 'groceries.md', 'Quarterly report', '42']);

  it('sees a value of the state that the arguments did not name', () => {
    const read = {
      ...observe({ outcome: said('# Quarterly report\n…') }),
      args: { path: '{fs}/notes/groceries.md' },
    };
    expect(answerShowsState(read, existing)).toBe(true);
  });

  it('does not count what the arguments put there, bare numbers or the root placeholder', () => {
    const echo = {
      ...observe({ outcome: said('Fehler: notes/groceries.md (42) in {fs} gesperrt') }),
      args: { path: 'notes/groceries.md' },
    };
    expect(answerShowsState(echo, existing)).toBe(false);
  });

  it('keys the state met by the values harvested from it, whatever their order', () => {
    const call = observe({ outcome: said('2') });
    expect(metState(call, new Set(['a.md', 'b.md'])).state).toBe(
      metState(call, new Set(['b.md', 'a.md'])).state,
    );
    expect(metState(call, new Set(['a.md'])).state).not.toBe(metState(call, new Set(['a.md', 'c.md'])).state);
  });
});

describe('destructiveHint: false verdict', () => {
  it('is inconclusive when every command that met existing state failed in its own words', () => {
    const claims = effectiveHints({ readOnlyHint: false, destructiveHint: false });
    const failed = quietCalls(IDS, (id) => `Ошибка: задача ${id} не найдена`);
    const verdict = verdictsFor(claims, failed, {}, undefined, 'unobserved').destructiveHint;
    expect(verdict.status).toBe('inconclusive');
    expect(verdict.status === 'inconclusive' && verdict.reason).toMatch(
      /^answers never showed the state met: 7 of 7 .*"Ошибка: задача · не найдена".*destroys nothing$/,
    );
    const read = quietCalls(IDS, (id) => `note ${id}: ${'x'.repeat(id.length * 7)}${id.toUpperCase()}`, true);
    expect(verdictsFor(claims, read, {}, undefined, 'unobserved').destructiveHint.status).toBe('consistent');
  });
});
