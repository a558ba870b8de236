import { describe, expect, it } from 'vitest';
import {
  diffObserved,
  diffObserverText,
  EMPTY_MASK,
  NO_MASK,
  unreadObservers,
  volatileParts,
} from '../../../src/observe/index.js';
import type { ObservedEntry, ObservedSnapshot, ObserverMask } from '../../../src/observe/index.js';

const snapshot = (entries: Record<string, ObservedEntry>): ObservedSnapshot =>
  new Map(Object.entries(entries));

const items = (...list: Array<{ id: string; name: string; views: number }>) => JSON.stringify(list);

/** The mask calibration finds in these reads; fails the test when it finds the observer unstable. */
function maskOf(key: string, reads: string[]): ObserverMask {
  const parts = volatileParts(key, reads);
  if ('unstable' in parts) throw new Error(`unexpectedly unstable: ${parts.unstable}`);
  return parts;
}

describe('diffObserved: JSON by records', () => {
  it('finds the views counted by a call, with the harness JSON diff entity and detail', () => {
    const before = snapshot({ list_items: { text: items({ id: 'i1', name: 'a', views: 0 }) } });
    const after = snapshot({ list_items: { text: items({ id: 'i1', name: 'a', views: 1 }) } });
    expect(diffObserved(before, after, EMPTY_MASK)).toEqual([
      { kind: 'modify', environment: 'observed', entity: 'list_items#/[id=i1]/views', detail: '0 → 1' },
    ]);
  });

  it('an added record is an add, a removed one a delete, whatever the order of the others', () => {
    const a = { id: 'i1', name: 'a', views: 0 };
    const b = { id: 'i2', name: 'b', views: 3 };
    const c = { id: 'i3', name: 'c', views: 0 };
    const changes = diffObserved(
      snapshot({ list_items: { text: items(a, b) } }),
      snapshot({ list_items: { text: items(a, c) } }),
      EMPTY_MASK,
    );
    expect(changes.map((change) => [change.kind, change.entity])).toEqual([
      ['add', 'list_items#/[id=i3]'],
      ['delete', 'list_items#/[id=i2]'],
    ]);
  });

  it('the same records written with other whitespace and key order are no change', () => {
    const before = snapshot({ r: { text: '{"a":1,"b":[1,2]}' } });
    const after = snapshot({ r: { text: '{\n  "b": [1, 2],\n  "a": 1.0\n}' } });
    expect(diffObserved(before, after, EMPTY_MASK)).toEqual([]);
  });

  it('lists 50 changes per observer and counts the rest in one change on the observer', () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ id: `i${i}`, name: 'x', views: 0 }));
    const changes = diffObserverText('list_items', '[]', JSON.stringify(many), NO_MASK);
    expect(changes).toHaveLength(51);
    expect(changes[50]).toEqual({
      kind: 'add',
      environment: 'observed',
      entity: 'list_items',
      detail: '10 more record changes not listed (10 add)',
    });
  });
});

describe('diffObserved: plain text by lines', () => {
  it('added lines are adds, removed lines deletes, changed lines modifies, numbered in their text', () => {
    const before = 'Items:\n- a (0 views)\n- b (2 views)\n- c\n';
    const after = 'Items:\n- a (1 views)\n- c\n- d\n- e\n';
    expect(diffObserverText('memo://items', before, after, NO_MASK)).toEqual([
      {
        kind: 'modify',
        environment: 'observed',
        entity: 'memo://items#L2',
        detail: '- a (0 views) → - a (1 views)',
      },
      { kind: 'modify', environment: 'observed', entity: 'memo://items#L4', detail: '- b (2 views) → - d' },
      { kind: 'add', environment: 'observed', entity: 'memo://items#L5', detail: '- e' },
    ]);
    expect(diffObserverText('t', 'one\ntwo\nthree', 'one\nthree', NO_MASK)).toEqual([
      { kind: 'delete', environment: 'observed', entity: 't#L2', detail: 'two' },
    ]);
  });

  it('a line that only moved is no change', () => {
    expect(diffObserverText('t', 'a\nb\nc', 'c\na\nb', NO_MASK)).toEqual([]);
  });
});

describe('diffObserved: masking what calibration found volatile', () => {
  const read = (now: number, views: number) =>
    JSON.stringify({ now, requestId: `r${now}`, items: [{ id: 'i1', views }] });

  it('a clock and a random id are masked; a change of the state beside them is still found', () => {
    const mask = maskOf('stats', [read(1, 0), read(2, 0), read(3, 0)]);
    expect([...mask.places].sort()).toEqual(['."now"', '."requestId"']);
    const masks = new Map([['stats', mask]]);
    const unchanged = diffObserved(
      snapshot({ stats: { text: read(10, 0) } }),
      snapshot({ stats: { text: read(11, 0) } }),
      masks,
    );
    expect(unchanged).toEqual([]);
    const viewed = diffObserved(
      snapshot({ stats: { text: read(10, 0) } }),
      snapshot({ stats: { text: read(11, 1) } }),
      masks,
    );
    expect(viewed).toEqual([
      { kind: 'modify', environment: 'observed', entity: 'stats#/items/[id=i1]/views', detail: '0 → 1' },
    ]);
  });

  it('a volatile field of every record is masked in records that appear later too', () => {
    const list = (seen: number, ...ids: string[]) => JSON.stringify(ids.map((id) => ({ id, seen })));
    const mask = maskOf('list', [list(1, 'a'), list(2, 'a'), list(3, 'a')]);
    expect(mask.places).toEqual(['[]."seen"']);
    const changes = diffObserverText('list', list(4, 'a', 'b'), list(5, 'a', 'b', 'c'), mask);
    expect(changes).toEqual([
      { kind: 'add', environment: 'observed', entity: 'list#/[id=c]', detail: '{"id":"c"}' },
    ]);
  });

  it('an array that comes back in another order is masked as that order change only', () => {
    const mask = maskOf('tags', ['["a","b"]', '["b","a"]', '["a","b"]']);
    expect(mask.entities).toEqual(['tags']);
    expect(diffObserverText('tags', '["a","b"]', '["b","a"]', mask)).toEqual([]);
    expect(diffObserverText('tags', '["a","b"]', '["a","b","c"]', mask)).toEqual([
      { kind: 'add', environment: 'observed', entity: 'tags#/["c"]', detail: '"c"' },
    ]);
  });

  it('a clock line is masked by shape; other lines still change', () => {
    const text = (time: string, count: number) => `Generated at ${time}\nitems: ${count}\n`;
    const mask = maskOf('report', [text('12:00:01', 2), text('12:00:01', 2), text('12:00:02', 2)]);
    expect(mask.lines).toEqual([{ prefix: 'Generated at #:#:#', suffix: '', exact: true }]);
    expect(diffObserverText('report', text('13:14:15', 2), text('13:59:00', 2), mask)).toEqual([]);
    expect(diffObserverText('report', text('13:14:15', 2), text('13:59:00', 3), mask)).toEqual([
      { kind: 'modify', environment: 'observed', entity: 'report#L2', detail: 'items: 2 → items: 3' },
    ]);
  });

  it('a line with a random token is masked by what its versions share', () => {
    const mask = maskOf('t', [
      'session abcdef\nitems: 1',
      'session xyzzy\nitems: 1',
      'session qwerty\nitems: 1',
    ]);
    expect(diffObserverText('t', 'session plugh\nitems: 1', 'session frob\nitems: 1', mask)).toEqual([]);
  });

  it('an output that changes as a whole is unstable, with the reason', () => {
    expect(volatileParts('random', ['0.12', '0.57', '0.99'])).toEqual({
      unstable: 'its whole output changed between calibration reads with nothing in between',
    });
    expect(volatileParts('now', ['{"now":1}', '{"now":2}', '{"now":3}'])).toEqual({
      unstable: 'its whole output changed between calibration reads with nothing in between',
    });
    expect(volatileParts('clock', ['It is 12:00', 'It is 12:01', 'It is 12:02'])).toEqual({
      unstable: 'its whole output changed between calibration reads with nothing in between',
    });
    expect(volatileParts('flip', ['{"a":1}', 'not json', '{"a":1}'])).toEqual({
      unstable: 'its output read as JSON at one calibration read and not at another',
    });
  });

  it('a stable output has nothing to mask', () => {
    expect(volatileParts('same', ['[1]', '[1]', '[1]'])).toEqual({ places: [], lines: [], entities: [] });
  });

  it('keys such as __proto__ are data: masking keeps them as plain keys', () => {
    const read = (n: number, v: number) => `{"n":${n},"__proto__":{"v":${v}}}`;
    const mask = maskOf('p', [read(1, 0), read(2, 0), read(3, 0)]);
    expect(mask.places).toEqual(['."n"']);
    expect(diffObserverText('p', read(4, 0), read(5, 1), mask)).toEqual([
      { kind: 'modify', environment: 'observed', entity: 'p#/__proto__/v', detail: '0 → 1' },
    ]);
    expect(({} as { v?: number }).v).toBeUndefined();
  });
});

describe('diffObserved: hostile output', () => {
  it('JSON nested a hundred thousand deep is compared by lines, never exhausting the stack', () => {
    const nested = (leaf: string) => `${'['.repeat(100_000)}${leaf}${']'.repeat(100_000)}`;
    expect(diffObserverText('deep', nested('1'), nested('2'), NO_MASK)).toMatchObject([
      { kind: 'modify', entity: 'deep#L1' },
    ]);
    expect(volatileParts('deep', [nested('1'), nested('2'), nested('3')])).toEqual({
      unstable: 'its whole output changed between calibration reads with nothing in between',
    });
  });
});

describe('diffObserved: reads that failed', () => {
  it('an observer not read on either side shows no change and is listed as unread', () => {
    const before = snapshot({ a: { text: '[1]' }, b: { error: 'isError: nope' }, c: { text: 'x' } });
    const after = snapshot({
      a: { error: 'no answer within 5s (time-out)' },
      b: { text: '[2]' },
      c: { text: 'y' },
    });
    expect(diffObserved(before, after, EMPTY_MASK)).toEqual([
      { kind: 'modify', environment: 'observed', entity: 'c#L1', detail: 'x → y' },
    ]);
    expect(unreadObservers(before, after)).toEqual([
      { key: 'a', error: 'no answer within 5s (time-out)' },
      { key: 'b', error: 'isError: nope' },
    ]);
  });
});

describe('diffObserved: an error the server answered with', () => {
  const key = 'get_note {"id":"n1"}';
  const shown = { text: '{"id":"n1","body":"milk"}' };
  const gone = { error: 'isError: no note n1', answered: true };

  it('after text is the entity deleted; before text, added; neither is unread', () => {
    expect(diffObserved(snapshot({ [key]: shown }), snapshot({ [key]: gone }), EMPTY_MASK)).toEqual([
      { kind: 'delete', environment: 'observed', entity: key, detail: 'now answers isError: no note n1' },
    ]);
    expect(diffObserved(snapshot({ [key]: gone }), snapshot({ [key]: shown }), EMPTY_MASK)).toEqual([
      { kind: 'add', environment: 'observed', entity: key, detail: shown.text },
    ]);
    expect(unreadObservers(snapshot({ [key]: shown }), snapshot({ [key]: gone }))).toEqual([]);
  });

  it('a failure to read (a time-out) is no change, and unread', () => {
    const lost = { error: 'no answer within 3s (time-out)' };
    expect(diffObserved(snapshot({ [key]: shown }), snapshot({ [key]: lost }), EMPTY_MASK)).toEqual([]);
    expect(unreadObservers(snapshot({ [key]: shown }), snapshot({ [key]: lost }))).toEqual([
      { key, error: lost.error },
    ]);
  });
});
