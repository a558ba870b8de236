import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FsEntry, FsSnapshot } from '../../../../harness/environments/fs/index.js';
import { diffFsSnapshots } from '../../../../harness/environments/fs/index.js';
import { MAX_LINE_CHARS } from '../../../../harness/environments/fs/diffTextFile.js';

/** A file entry kept as text, as a snapshot holds it; `grownFrom`: its bytes begin with that earlier text. */
function text(content: string, grownFrom?: string): FsEntry {
  const sha = (s: string): string => createHash('sha256').update(s).digest('hex');
  return {
    type: 'file',
    mode: 0o644,
    size: Buffer.byteLength(content),
    sha256: sha(content),
    text: content,
    ...(grownFrom === undefined
      ? {}
      : { prefixes: [{ length: Buffer.byteLength(grownFrom), sha256: sha(grownFrom) }] }),
  };
}
const snapshot = (entries: Record<string, FsEntry>): FsSnapshot => ({
  environment: 'fs',
  entries: new Map(Object.entries(entries)),
});
const diff = (path: string, before: FsEntry, after: FsEntry): string[] =>
  diffFsSnapshots(snapshot({ [path]: before }), snapshot({ [path]: after })).map(
    (c) => `${c.kind} ${c.entity}: ${c.detail}`,
  );

const todo = '# Todo\n- [ ] buy milk\n\n# Done\n- [x] call Ada\n';

describe('text files compared by lines', () => {
  it('a line inserted under a heading is an add, whatever the file is called', () => {
    const after = '# Todo\n- [ ] buy milk\n- [ ] fix bike\n\n# Done\n- [x] call Ada\n';
    for (const path of ['TODO.md', 'tasks', 'list.yaml']) {
      expect(diff(path, text(todo), text(after))).toEqual([
        `add ${path}#[line 3]: line inserted: "- [ ] fix bike"`,
      ]);
    }
    // At the top too, and in CRLF text without a final newline.
    expect(diff('a.txt', text('b\r\nc'), text('a\r\nb\r\nx\r\nc'))).toEqual([
      'add a.txt#[line 1]: line inserted: "a\\r"',
      'add a.txt#[line 3]: line inserted: "x\\r"',
    ]);
  });

  it('a changed, removed or moved line is a modify or a delete', () => {
    expect(diff('t.md', text(todo), text(todo.replace('[ ] buy', '[x] buy')))).toEqual([
      'modify t.md#[line 2]: "- [ ] buy milk" → "- [x] buy milk"',
    ]);
    expect(diff('t.md', text(todo), text(todo.replace('- [x] call Ada\n', '')))).toEqual([
      'delete t.md#[line 5]: line removed: "- [x] call Ada"',
    ]);
    const moved = diff('l.txt', text('a\nb\nc\n'), text('c\na\nb\n')).map((line) => line.split(' ')[0]);
    expect(moved).toContain('delete');
    // A line that only gained a CR, or lost its terminator, changed.
    expect(diff('l.txt', text('a\nb\nc\n'), text('a\r\nb\nc\n'))).toEqual([
      'modify l.txt#[line 1]: "a" → "a\\r"',
    ]);
  });

  it('lists 50 line changes at most, then counts the rest on the file with the most destructive kind', () => {
    const lines = Array.from({ length: 80 }, (_, i) => `row ${i}\n`);
    const changes = diff('big.csv', text(lines.join('')), text(lines.map((l) => `${l}x`).join('')));
    expect(changes).toHaveLength(51);
    expect(changes[50]).toMatch(/^modify big\.csv: \d+ more line changes not listed/);
  });

  it('a text that is not read by lines is compared as bytes and says why', () => {
    const long = 'x'.repeat(MAX_LINE_CHARS + 1);
    expect(diff('bundle.js', text(long), text(`${long}y`))).toEqual([
      `modify bundle.js: ${long.length} → ${long.length + 1} bytes, content changed; not understood as text: ` +
        `line 1 holds ${long.length} characters, more than ${MAX_LINE_CHARS}: not a text read by lines; compared as bytes`,
    ]);
    const binary = (size: number, sha256: string): FsEntry => ({ type: 'file', mode: 0o644, size, sha256 });
    expect(diff('photo.bin', binary(10, 'a'), binary(12, 'b'))).toEqual([
      'modify photo.bin: 10 → 12 bytes, content changed; format not understood (binary (a NUL byte, or not ' +
        'UTF-8), or past the text a snapshot keeps); compared as bytes',
    ]);
  });

  it('a million short lines, every other one changed, stop at the budget quickly and compare as bytes', () => {
    const before = 'a\n'.repeat(1_000_000);
    const after = 'a\nb\n'.repeat(500_000);
    const started = performance.now();
    const changes = diff('hostile.txt', text(before), text(after));
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(changes).toEqual([
      expect.stringMatching(
        /^modify hostile\.txt: 2000000 bytes, content changed; not understood as text: .+; compared as bytes$/,
      ),
    ]);
  });

  it('an append to plain text stays an append', () => {
    expect(diff('app.log', text('one\n'), text('one\ntwo\n', 'one\n'))).toEqual(['append app.log: +4 bytes']);
  });
});
