import { describe, expect, it } from 'vitest';
import type { HarvestedValue } from '../../../../harness/index.js';
import { kindsNeverMet } from '../../../../src/engine/policy/demonstrated.js';
import { namedKinds, stateKinds } from '../../../../src/engine/policy/stateKinds.js';
import { EMPTY_TALLY, tallyObservation, unexercised } from '../../../../src/engine/policy/toolTally.js';
import { suggestedHints } from '../../../../src/engine/policy/verdicts.js';
import { effectiveHints } from '../../../../src/hints/effectiveHints.js';
import { observe } from '../observationFixtures.js';

const relation = (name: string, rows: number): HarvestedValue => ({
  kind: 'relation',
  value: name,
  relation: {
    dialect: 'sqlite',
    name,
    columns: [],
    key: ['id'],
    keyValues: Array.from({ length: rows }, (_, id) => ({ id })),
  },
});

describe('stateKinds', () => {
  it('finds tables and directories, and which held anything', () => {
    const kinds = stateKinds([
      relation('stories', 2),
      relation('task_handoffs', 0),
      { kind: 'directory', value: '{fs}' },
      { kind: 'directory', value: 'notes' },
      { kind: 'directory', value: 'drafts' },
      { kind: 'path', value: 'notes/a.md' },
    ]);
    expect(Object.fromEntries(kinds)).toEqual({
      stories: true,
      task_handoffs: false,
      notes: true,
      drafts: false,
    });
  });
});

describe('namedKinds', () => {
  it('matches words of the tool and its arguments with words of the kind, plural or not', () => {
    const kinds = ['stories', 'task_handoffs', 'categories', 'boxes', 'notes/drafts', 'id'];
    expect(namedKinds('compact_story_handoffs', ['storyId'], kinds)).toEqual(['stories', 'task_handoffs']);
    expect(namedKinds('readDraft', ['category', 'box'], kinds)).toEqual([
      'categories',
      'boxes',
      'notes/drafts',
    ]);
    expect(namedKinds('get', ['id'], kinds)).toEqual([]);
  });
});

describe('kindsNeverMet', () => {
  const reader = effectiveHints({ readOnlyHint: false });
  /** Quiet commands whose answers show the state, met while `filled` of the named kinds held anything. */
  function quiet(filled: readonly string[]) {
    let tally = EMPTY_TALLY;
    for (let i = 0; i < 6; i++) {
      const answer = {
        status: 'returned' as const,
        isError: false,
        text: `story ${i}: ${'•'.repeat(i * 5)}`,
      };
      tally = tallyObservation(tally, { ...observe({ outcome: answer }), args: { storyId: `s${i}` } }, true, {
        showsState: true,
        state: '',
        kinds: { named: ['stories', 'task_handoffs'], filled },
      });
    }
    return tally;
  }

  it('withholds every tighter hint while a kind the tool names was never met holding anything', () => {
    const tally = quiet(['stories']);
    expect(kindsNeverMet(tally)).toMatch(/^never met: task_handoffs \(named by the tool/);
    expect(unexercised(tally)).toEqual([kindsNeverMet(tally)]);
    expect(suggestedHints(reader, tally)).toEqual(reader);
  });

  it('suggests a reader that met every kind it names', () => {
    const tally = quiet(['stories', 'task_handoffs']);
    expect(kindsNeverMet(tally)).toBeUndefined();
    expect(suggestedHints(reader, tally).readOnlyHint).toBe(true);
  });
});
