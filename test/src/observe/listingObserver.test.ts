import { describe, expect, it } from 'vitest';
import type { ResourceInfo } from '../../../src/mcp/index.js';
import { diffObserverText, volatileParts } from '../../../src/observe/index.js';
import {
  listingText,
  MAX_LISTED_RESOURCES,
  membershipChange,
  membershipMoved,
} from '../../../src/observe/listingObserver.js';
import { NO_MASK } from '../../../src/observe/volatileMask.js';

const KEY = 'resources/list';
/** Control, bidi-override and isolate characters: none may reach an entity or a record. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const text = (resources: readonly ResourceInfo[]): string => {
  const entry = listingText(resources);
  if (!('text' in entry)) throw new Error(entry.error);
  return entry.text;
};
const note = (n: number, extra: Partial<ResourceInfo> = {}): ResourceInfo => ({
  uri: `note:///${n}`,
  name: `note ${n}`,
  ...extra,
});

describe('the resource listing as an observer', () => {
  it('shows one record per uri, in uri order, whatever order the server lists them in; a uri twice once', () => {
    const listed = [note(2, { mimeType: 'text/plain', size: 3 }), note(1), note(2, { name: 'again' })];
    expect(JSON.parse(text(listed))).toEqual([
      { id: 'note:///1', name: 'note 1' },
      { id: 'note:///2', name: 'note 2', mimeType: 'text/plain', size: 3 },
    ]);
    expect(text(listed)).toBe(text([...listed].reverse().slice(1).concat(listed[0]!)));
  });

  it('makes a resource that appears an add, one that vanishes a delete, what the listing says a modify', () => {
    const before = text([note(1), note(2, { size: 3 })]);
    const after = text([note(2, { size: 4, description: 'longer' }), note(3)]);
    expect(diffObserverText(KEY, before, after, NO_MASK)).toEqual([
      expect.objectContaining({
        kind: 'modify',
        entity: 'resources/list#/[id=note:///2]/size',
        detail: '3 → 4',
      }),
      expect.objectContaining({ kind: 'add', entity: 'resources/list#/[id=note:///2]/description' }),
      expect.objectContaining({ kind: 'add', entity: 'resources/list#/[id=note:///3]' }),
      expect.objectContaining({ kind: 'delete', entity: 'resources/list#/[id=note:///1]' }),
    ]);
    expect(diffObserverText(KEY, text([]), text([note(7)]), NO_MASK)).toEqual([
      expect.objectContaining({
        kind: 'add',
        environment: 'observed',
        entity: 'resources/list#/[id=note:///7]',
      }),
    ]);
  });

  it('keeps untrusted text inert and bounded: no control or bidi character, long uris cut but kept apart', () => {
    const long = `memo://${'a'.repeat(5000)}`;
    const listed = [
      { uri: 'memo://\u001b[31mred\u001b[0m', name: 'evil\u202ename\r\nnext' },
      { uri: `${long}1`, name: 'x'.repeat(5000) },
      { uri: `${long}2`, name: 'y' },
    ];
    const records = JSON.parse(text(listed)) as Array<{ id: string; name: string }>;
    expect(records).toHaveLength(3);
    for (const record of records) {
      expect(`${record.id}${record.name}`).not.toMatch(UNSAFE);
      expect(record.id.length).toBeLessThanOrEqual(256);
      expect(record.name.length).toBeLessThanOrEqual(200);
    }
    expect(new Set(records.map((record) => record.id)).size).toBe(3);
    const changes = diffObserverText(KEY, text([]), text(listed), NO_MASK);
    for (const change of changes) expect(change.entity).not.toMatch(UNSAFE);
  });

  it('fails a read past its cap rather than show part of the listing', () => {
    const many = Array.from({ length: MAX_LISTED_RESOURCES + 1 }, (_, n) => note(n));
    expect(listingText(many)).toEqual({
      error: expect.stringMatching(/lists 1001 resources, past .* cap of 1000/) as string,
    });
    expect(listingText(many.slice(1))).toHaveProperty('text');
  });

  it('masks what the listing says of a resource that ticks on its own, not resources that come and go', () => {
    const at = (ms: number) =>
      text([note(1), { uri: 'status://now', name: 'status', description: `as of ${ms}` }]);
    const mask = volatileParts(KEY, [at(1), at(1), at(2), at(3)]);
    expect(mask).toEqual({ places: ['[]."description"'], lines: [], entities: [] });
    expect(
      diffObserverText(
        KEY,
        at(4),
        text([note(1), note(2), { uri: 'status://now', name: 'status', description: 'as of 5' }]),
        mask as typeof NO_MASK,
      ),
    ).toEqual([expect.objectContaining({ kind: 'add', entity: 'resources/list#/[id=note:///2]' })]);
  });

  it('says which resource came or went between reads; none when only what it says of them changed', () => {
    const one = text([note(1)]);
    const two = text([note(1), note(2)]);
    expect(membershipChange(KEY, one, two)).toBe('add observed:resources/list#/[id=note:///2]');
    expect(membershipChange(KEY, two, one)).toBe('delete observed:resources/list#/[id=note:///2]');
    expect(membershipChange(KEY, one, text([note(1, { size: 9 })]))).toBeUndefined();
    expect(membershipMoved([one, one, two])).toBe(
      'add observed:resources/list#/[id=note:///2] between two reads',
    );
    expect(membershipMoved([one, text([note(1, { size: 9 })])])).toBeUndefined();
  });
});
