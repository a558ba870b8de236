import { describe, expect, it } from 'vitest';
import type { FsEntry, FsSnapshot } from '../../../../harness/environments/fs/index.js';
import { diffFsSnapshots } from '../../../../harness/environments/fs/index.js';

const snapshotOf = (entries: Record<string, FsEntry>): FsSnapshot => ({
  environment: 'fs',
  entries: new Map(Object.entries(entries)),
});
const file = (size: number, sha256: string, extra: Partial<FsEntry> = {}): FsEntry => ({
  type: 'file',
  mode: 0o644,
  size,
  sha256,
  ...extra,
});
/** What a file compared as bytes says when no text was kept for it (these entries keep none). */
const BYTES =
  '; format not understood (binary (a NUL byte, or not UTF-8), or past the text a snapshot keeps); compared as bytes';
const details = (before: Record<string, FsEntry>, after: Record<string, FsEntry>): string[] =>
  diffFsSnapshots(snapshotOf(before), snapshotOf(after)).map((c) => `${c.kind} ${c.entity}: ${c.detail}`);

describe('diffFsSnapshots (pure)', () => {
  it('describes content changes by size', () => {
    expect(details({ a: file(120, 'x') }, { a: file(118, 'y') })).toEqual([
      `modify a: 120 → 118 bytes, content changed${BYTES}`,
    ]);
    expect(details({ a: file(1, 'x') }, { a: file(1, 'y') })).toEqual([
      `modify a: 1 byte, content changed${BYTES}`,
    ]);
  });

  it('needs a prefix of exactly the old size and hash to call growth an append', () => {
    const grown = (length: number, sha256: string): FsEntry =>
      file(12, 'new', { prefixes: [{ length, sha256 }] });
    expect(details({ a: file(3, 'old') }, { a: grown(3, 'old') })).toEqual(['append a: +9 bytes']);
    expect(details({ a: file(3, 'old') }, { a: grown(3, 'other') })).toEqual([
      `modify a: 3 → 12 bytes, content changed${BYTES}`,
    ]);
    expect(details({ a: file(3, 'old') }, { a: grown(4, 'old') })).toEqual([
      `modify a: 3 → 12 bytes, content changed${BYTES}`,
    ]);
    expect(details({ a: file(3, 'old') }, { a: file(12, 'new') })).toEqual([
      `modify a: 3 → 12 bytes, content changed${BYTES}`,
    ]);
  });

  it('compares unreadable files by their stat signature', () => {
    const locked = (signature: string): FsEntry => ({
      type: 'file',
      mode: 0,
      size: 3,
      unreadable: signature,
    });
    expect(details({ a: locked('3:1') }, { a: locked('3:1') })).toEqual([]);
    expect(details({ a: locked('3:1') }, { a: locked('3:2') })).toEqual([
      'modify a: 3 bytes, content changed (unreadable, stat changed)',
    ]);
    expect(details({ a: file(3, 'x') }, { a: locked('3:2') })).toEqual([
      'modify a: 3 bytes, content changed (unreadable, stat changed); mode 644 → 000',
    ]);
  });

  it('reports link retargets and type changes', () => {
    const link = (target: string): FsEntry => ({ type: 'symlink', mode: 0o777, size: target.length, target });
    expect(details({ l: link('a') }, { l: link('b') })).toEqual(['modify l: target a → b']);
    expect(details({ l: link('a') }, { l: file(1, 'x') })).toEqual(['modify l: symlink → file']);
    expect(details({}, { l: link('../x') })).toEqual(['add l: symlink → ../x']);
    expect(details({ o: { type: 'other', mode: 0o644, size: 0 } }, {})).toEqual(['delete o: other']);
  });

  it('orders changes by path, whatever order the maps were built in', () => {
    expect(details({ b: file(1, 'x'), a: file(1, 'x') }, { c: file(1, 'x') })).toEqual([
      'delete a: file, 1 byte',
      'delete b: file, 1 byte',
      'add c: file, 1 byte',
    ]);
  });

  it('refuses snapshots from another environment, naming which', () => {
    expect(() => diffFsSnapshots(snapshotOf({}), { environment: 'pg' })).toThrow(
      'fs: the after snapshot is not an fs snapshot (received environment "pg"). ' +
        'Pass snapshots taken by the fs instance that diffs them.',
    );
  });
});
