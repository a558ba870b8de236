import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FsEntry, FsSnapshot } from '../../../../harness/environments/fs/index.js';
import { diffFsSnapshots } from '../../../../harness/environments/fs/index.js';
import { isTombstone, readKeyLog } from '../../../../harness/environments/fs/keyLog.js';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');
/** A file kept as text; when `after` begins with `before`, it is hashed as having grown from it. */
function pair(before: string, after: string): [FsEntry, FsEntry] {
  const entry = (content: string): FsEntry => ({
    type: 'file',
    mode: 0o644,
    size: Buffer.byteLength(content),
    sha256: sha(content),
    text: content,
  });
  const grown = after.startsWith(before) && after.length > before.length;
  return [
    entry(before),
    {
      ...entry(after),
      ...(grown ? { prefixes: [{ length: Buffer.byteLength(before), sha256: sha(before) }] } : {}),
    },
  ];
}
const snapshot = (path: string, entry: FsEntry): FsSnapshot => ({
  environment: 'fs',
  entries: new Map([[path, entry]]),
});
const diff = (path: string, before: string, after: string): string[] => {
  const [a, b] = pair(before, after);
  return diffFsSnapshots(snapshot(path, a), snapshot(path, b)).map(
    (c) => `${c.kind} ${c.entity}: ${c.detail}`,
  );
};
const lines = (...records: object[]): string => records.map((r) => `${JSON.stringify(r)}\n`).join('');

// NeDB's own forms: a document per line, updates appended whole, `$$deleted` tombstones, index lines.
const nedb = lines(
  { $$indexCreated: { fieldName: 'title', unique: false, sparse: false } },
  { _id: 'a1', title: 'milk', done: false },
  { _id: 'b2', title: 'bike', done: false },
  { _id: 'a1', title: 'milk', done: true },
);

describe('line-record logs by key, last record wins', () => {
  it('an identical record re-appended is no change, even in a file that grows', () => {
    expect(diff('tasks.db', nedb, nedb + lines({ _id: 'b2', title: 'bike', done: false }))).toEqual([]);
  });

  it('a superseding record with another value is a modify, though the file only grew', () => {
    expect(diff('tasks.db', nedb, nedb + lines({ _id: 'b2', title: 'bike', done: true }))).toEqual([
      'modify tasks.db#[_id=b2]/done: false → true',
    ]);
  });

  it("a tombstone is a delete, a new key an add, in NeDB's form and in key/deleted and op forms", () => {
    expect(diff('tasks.db', nedb, nedb + lines({ $$deleted: true, _id: 'a1' }))).toEqual([
      'delete tasks.db#[_id=a1]: {"_id":"a1","done":true,"title":"milk"}',
    ]);
    const kv = lines({ key: 'colour', value: 'red' }, { key: 'size', value: 3 }, { key: 'size', value: 3 });
    expect(
      diff('kv.log', kv, kv + lines({ key: 'colour', deleted: true }, { key: 'shape', value: 'o' })),
    ).toEqual([
      'delete kv.log#[key=colour]: {"key":"colour","value":"red"}',
      'add kv.log#[key=shape]: {"key":"shape","value":"o"}',
    ]);
    const level = lines({ type: 'put', key: 'k1', value: 1 }, { type: 'put', key: 'k1', value: 2 });
    expect(diff('data.ldj', level, level + lines({ type: 'del', key: 'k1' }))).toEqual([
      'delete data.ldj#[key=k1]: {"key":"k1","type":"put","value":2}',
    ]);
  });

  it('compaction (the same state rewritten, in any order) is no change', () => {
    const compacted = lines(
      { _id: 'b2', title: 'bike', done: false },
      { $$indexCreated: { fieldName: 'title', unique: false, sparse: false } },
      { _id: 'a1', title: 'milk', done: true },
    );
    expect(diff('tasks.db', nedb, compacted)).toEqual([]);
  });

  it('reads a log from its content only: a list naming each record once stays a list', () => {
    const list = lines({ id: 1, t: 'a' }, { id: 2, t: 'b' });
    expect(readKeyLog(list, list + lines({ id: 3, t: 'c' }))).toBeUndefined();
    expect(diff('list.jsonl', list, list + lines({ id: 3, t: 'c' }))).toEqual([
      'append list.jsonl: +17 bytes',
    ]);
    expect(readKeyLog(list, list + lines({ id: 1, t: 'a' }))?.field).toBe('id');
    // A tombstone makes a log too: one for a key already gone changes nothing.
    expect(diff('list.jsonl', '', lines({ id: 9, deleted: true }))).toEqual([]);
    expect(diff('list.jsonl', list, list + lines({ id: 2, deleted: true }))).toEqual([
      'delete list.jsonl#[id=2]: {"id":2,"t":"b"}',
    ]);
    // Records named but not keyed (`name`) are entities, and lines that are not all objects are no log.
    expect(readKeyLog(lines({ name: 'x' }), lines({ name: 'x' }, { name: 'x' }))).toBeUndefined();
    expect(readKeyLog('[1]\n[1]\n', '[1]\n[1]\n[1]\n')).toBeUndefined();
    expect(readKeyLog('not json\n', 'not json\nat all\n')).toBeUndefined();
    // A key that is an object is no key.
    expect(readKeyLog(lines({ id: { a: 1 } }, { id: { a: 1 } }), '')).toBeUndefined();
  });

  it('tells a tombstone from an event about a key', () => {
    expect(isTombstone({ _id: 'a', $$deleted: true }, '_id')).toBe(true);
    expect(isTombstone({ id: 3, op: 'delete', ts: 17 }, 'id')).toBe(true);
    expect(isTombstone({ id: 3, type: 'delete', title: 'was here' }, 'id')).toBe(false);
    expect(isTombstone({ id: 3, deleted: false }, 'id')).toBe(false);
  });

  it('keeps a string key apart from the number it spells', () => {
    const log = lines({ id: 7, v: 'n' }, { id: '7', v: 's' }, { id: 7, v: 'n' });
    expect(diff('mixed.log', log, log + lines({ id: '7', v: 't' }))).toEqual([
      'modify mixed.log#[id="7"]/v: "s" → "t"',
    ]);
  });

  it('hostile logs: deep, lossy numbers and many lines are not read as logs or stay bounded', () => {
    const deep = `{"id":1,"v":${'['.repeat(300)}${']'.repeat(300)}}\n`;
    expect(readKeyLog(deep, deep + deep)).toBeUndefined();
    const lossy = lines({ id: 1 }) + '{"id":1,"v":12345678901234567}\n';
    expect(readKeyLog(lossy, lossy + lossy)).toBeUndefined();
    // A log too long to read by its state within its budget: its append says so.
    const huge = Array.from({ length: 250_000 }, (_, i) => `{"id":${i % 7}}\n`).join('');
    expect(diff('huge.log', huge, `${huge}{"id":1}\n`)).toEqual([
      expect.stringMatching(
        /^append huge\.log: \+9 bytes; not understood as JSON Lines: .+; compared as bytes$/,
      ),
    ]);
    const many = Array.from({ length: 30_000 }, (_, i) => `{"id":${i % 10},"v":${i}}\n`).join('');
    const started = performance.now();
    const state = readKeyLog(many, many + '{"id":3,"v":-1}\n');
    expect(Object.keys(state?.after ?? {})).toHaveLength(10);
    expect(state?.after['[id=3]']).toEqual({ id: 3, v: -1 });
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
