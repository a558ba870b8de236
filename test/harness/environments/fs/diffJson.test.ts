import { describe, expect, it } from 'vitest';
import { diffJson } from '../../../../harness/environments/fs/diffJson.js';
import { identityKey } from '../../../../harness/environments/fs/identityKey.js';
import type { JsonValue } from '../../../../harness/environments/fs/jsonValue.js';
import { MAX_JSON_DEPTH, parseJsonPair } from '../../../../harness/environments/fs/parseJsonPair.js';

/** `kind /a/b: detail` lines for the changes from `before` to `after`. */
const diff = (before: JsonValue, after: JsonValue, limit = 50): string[] =>
  diffJson(before, after, limit).changes.map((c) => `${c.kind} /${c.at.join('/')}: ${c.detail}`);

describe('diffJson', () => {
  it('reports keys only in the new as add, only in the old as delete, and recurses into the rest', () => {
    expect(diff({ a: 1, b: { c: 'x', d: true } }, { b: { c: 'y', d: true, e: null }, f: [1] })).toEqual([
      'delete /a: 1',
      'modify /b/c: "x" → "y"',
      'add /b/e: null',
      'add /f: [1]',
    ]);
  });

  it('reports nothing for deep-equal documents, whatever their key order', () => {
    expect(diff({ a: 1, b: [1, { x: 1, y: 2 }] }, { b: [1, { y: 2, x: 1 }], a: 1 })).toEqual([]);
  });

  it('matches object elements on an identity field and names them by it', () => {
    const before = {
      bookmarks: [
        { id: 'b1', title: 'Old', visits: 0 },
        { id: 'b2', title: 'Two', visits: 3 },
      ],
    };
    expect(
      diff(before, {
        bookmarks: [
          { id: 'b2', title: 'Two', visits: 4 },
          { id: 'b1', title: 'New', visits: 0 },
        ],
      }),
    ).toEqual([
      'modify /bookmarks: order changed',
      'modify /bookmarks/[id=b2]/visits: 3 → 4',
      'modify /bookmarks/[id=b1]/title: "Old" → "New"',
    ]);
    expect(diff(before, { bookmarks: [before.bookmarks[1]!] })).toEqual([
      'delete /bookmarks/[id=b1]: {"id":"b1","title":"Old","visits":0}',
    ]);
  });

  it('compares scalars and keyless elements as multisets of their values', () => {
    expect(diff(['a', 'b', 'b'], ['b', 'a', 'c'])).toEqual([
      'modify /: order changed',
      'add /["c"]: "c"',
      'delete /["b"]: "b"',
    ]);
    expect(diff([1, 2], [1, 2, 2])).toEqual(['add /[2]: 2']);
    expect(diff(['a', 'b'], ['b', 'a', 'b'])).toEqual(['add /["b"]: "b"']);
    expect(diff(['a', 'a', 'b'], ['a', 'b', 'a'])).toEqual(['modify /: order changed']);
    expect(diff([{ from: 'A', to: 'B' }], [{ from: 'A', to: 'C' }])).toEqual([
      'add /[{"from":"A","to":"C"}]: {"from":"A","to":"C"}',
      'delete /[{"from":"A","to":"B"}]: {"from":"A","to":"B"}',
    ]);
  });

  it('sees an old array that is an order-preserving subsequence of the new one as additions only', () => {
    const e = (name: string): JsonValue => ({ type: 'entity', name, observations: [] });
    const r = { type: 'relation', from: 'A', to: 'B', relationType: 'knows' };
    expect(diff([e('A'), e('B'), r], [e('A'), e('B'), e('C'), r, { ...r, to: 'C' }])).toEqual([
      'add /[name=C]: {"name":"C","observations":[],"type":"entity"}',
      'add /[{"from":"A","relationType":"knows","to":"C","type":"relation"}]: {"from":"A","relationType":"knows","to":"C","type":"relation"}',
    ]);
  });

  it('pairs like records (no unique identity) in order, and says what changed inside one', () => {
    // @modelcontextprotocol/server-memory keeps two entities of one name when one create call lists it twice;
    // add_observations then appends to the first. Pairing the equal records first crossed the pairs: a false
    // `order changed`, and nothing said of the appended observations.
    const entity = (observations: string[]) => ({ type: 'entity', name: 'b', observations });
    const first = { type: 'entity', name: 'a', observations: [] };
    const appended = ['add /[name=b]/observations/["v"]: "v"'];
    expect(diff([first, entity(['x']), entity(['x'])], [first, entity(['x', 'v']), entity(['x'])])).toEqual(
      appended,
    );
    // Appended to the second: before, no change at all was reported.
    expect(diff([first, entity(['x']), entity(['x'])], [first, entity(['x']), entity(['x', 'v'])])).toEqual(
      appended,
    );
    // Two like records that did trade places are still a reorder.
    expect(diff([entity(['x']), entity(['y'])], [entity(['y']), entity(['x'])])).toEqual([
      'modify /: order changed',
    ]);
  });

  it('reports a changed type or root scalar as a modify, with shortened values', () => {
    expect(diff({ a: [1] }, { a: { x: 1 } })).toEqual(['modify /a: [1] → {"x":1}']);
    expect(diff(1, 2)).toEqual(['modify /: 1 → 2']);
    const long = 'x'.repeat(100);
    expect(diff({ a: long }, { a: 'y' })).toEqual([`modify /a: "${'x'.repeat(38)}… → "y"`]);
  });

  it('keeps entity segments short and distinct for long values, and escapes keys like JSON pointers', () => {
    const long = (tail: string): JsonValue => `${'w'.repeat(80)}${tail}`;
    const [one, two] = diffJson([], [long('1'), long('2')], 50).changes.map((c) => c.at[0]!);
    expect(one).not.toBe(two);
    expect(one!.length).toBeLessThanOrEqual(82);
    expect(diff({}, { 'a/b~c': 1 })).toEqual(['add /a~1b~0c: 1']);
  });

  it('lists at most `limit` changes and counts the rest by kind', () => {
    const before = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, i]));
    const result = diffJson(before, { k0: 0, k1: 10, n1: 1, n2: 2, n3: 3 }, 2);
    expect(result.changes.map((c) => `${c.kind} ${c.at.join('/')}`)).toEqual(['modify k1', 'delete k2']);
    expect(result.omitted).toEqual({ add: 3, modify: 0, delete: 2 });
  });
});

describe('identityKey', () => {
  it('prefers id, key, name… when each works, then the field covering most elements', () => {
    expect(identityKey([[{ id: 1, name: 'a' }], [{ id: 2, name: 'b' }]])).toBe('id');
    expect(identityKey([[{ id: 1, name: 'a' }, { name: 'b' }], []])).toBe('name');
    expect(
      identityKey([
        [
          { noteId: 'x', title: 't' },
          { noteId: 'y', title: 't' },
        ],
        [],
      ]),
    ).toBe('noteId');
  });

  it('refuses a field with duplicate or non-scalar values, and non-identity fields', () => {
    expect(identityKey([[{ id: 1 }, { id: 1 }], []])).toBeUndefined();
    expect(identityKey([[{ id: { a: 1 } }], []])).toBeUndefined();
    expect(identityKey([[{ visits: 1 }, { visits: 2 }], []])).toBeUndefined();
    expect(identityKey([['a', 'b'], ['c']])).toBeUndefined();
  });
});

describe('parseJsonPair', () => {
  it('reads both versions as one document, else as JSON Lines, and JSON Lines first for .jsonl', () => {
    expect(parseJsonPair('a.json', '{"a":1}', '{"a":2}')?.format).toBe('json');
    expect(parseJsonPair('a.json', '{"a":1}', '{"a":1}\n{"a":2}')).toMatchObject({
      format: 'lines',
      before: [{ a: 1 }],
    });
    expect(parseJsonPair('a.jsonl', '{"a":1}', '{"a":2}')?.format).toBe('lines');
    expect(parseJsonPair('a.jsonl', '{"a":1}\n\n{"b":2}\r\n', '')).toEqual({
      format: 'lines',
      before: [{ a: 1 }, { b: 2 }],
      after: [],
    });
  });

  it('refuses content that does not parse, or whose numbers a double may round', () => {
    expect(parseJsonPair('a.json', '{"a":1}', '{"a":')).toBeUndefined();
    expect(parseJsonPair('a.json', '{"a":}', '{"a":1}')).toBeUndefined();
    expect(
      parseJsonPair('a.json', '{"n":12345678901234567890}', '{"n":12345678901234567891}'),
    ).toBeUndefined();
    expect(parseJsonPair('a.json', '{"n":1e400}', '{"n":2e400}')).toBeUndefined();
    expect(parseJsonPair('a.json', '{"n":1.5,"s":"12345678901234567890"}', '{}')?.format).toBe('json');
  });

  it('refuses content nested deeper than MAX_JSON_DEPTH, brackets inside strings aside', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    expect(parseJsonPair('a.json', nested(MAX_JSON_DEPTH), '[]')?.format).toBe('json');
    expect(parseJsonPair('a.json', nested(MAX_JSON_DEPTH + 1), '[]')).toBeUndefined();
    expect(parseJsonPair('a.json', '[]', nested(100_000))).toBeUndefined();
    const brackets = JSON.stringify({ s: '['.repeat(1000), t: '\\"[[[' });
    expect(parseJsonPair('a.json', brackets, '{}')?.format).toBe('json');
  });
});
