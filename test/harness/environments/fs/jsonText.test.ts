import { describe, expect, it } from 'vitest';
import type { TextMode } from '../../../../harness/environments/fs/jsonText.js';
import {
  JSON_FILE_LIMIT,
  JSON_SNAPSHOT_BUDGET,
  TextCollector,
  planTextModes,
} from '../../../../harness/environments/fs/jsonText.js';

const collect = (mode: TextMode, ...chunks: (string | Buffer)[]): string | undefined => {
  const buffers = chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
  const collector = new TextCollector(
    mode,
    buffers.reduce((sum, b) => sum + b.length, 0),
  );
  for (const buffer of buffers) collector.add(buffer);
  return collector.text();
};

describe('planTextModes', () => {
  it('keeps JSON-named files, sniffs the others, skips empty and oversized ones', () => {
    const modes = planTextModes([
      { path: 'a.json', size: 10 },
      { path: 'b.JSONL', size: 10 },
      { path: 'c.ndjson', size: 10 },
      { path: 'd.md', size: 10 },
      { path: 'e.json', size: 0 },
      { path: 'f.json', size: JSON_FILE_LIMIT + 1 },
    ]);
    expect(Object.fromEntries(modes)).toEqual({
      'a.json': 'keep',
      'b.JSONL': 'keep',
      'c.ndjson': 'keep',
      'd.md': 'sniff',
    });
  });

  it('stays within the snapshot budget, JSON-named files first, each group in path order', () => {
    const count = JSON_SNAPSHOT_BUDGET / JSON_FILE_LIMIT;
    const files = [
      { path: 'a.txt', size: JSON_FILE_LIMIT },
      ...Array.from({ length: count }, (_, i) => ({
        path: `z${String(i).padStart(3, '0')}.json`,
        size: JSON_FILE_LIMIT,
      })),
      { path: 'zz.json', size: 1 },
    ];
    const modes = planTextModes(files);
    expect(modes.size).toBe(count);
    expect(modes.get('a.txt')).toBeUndefined();
    expect(modes.get('zz.json')).toBeUndefined();
    expect(modes.get('z000.json')).toBe('keep');
  });
});

describe('TextCollector', () => {
  it('keeps the text of a kept file, and of a sniffed one that holds no NUL byte', () => {
    expect(collect('keep', 'plain ', 'text')).toBe('plain text');
    expect(collect('sniff', ' \n\t', '[1,', '2]')).toBe(' \n\t[1,2]');
    expect(collect('sniff', '# title {')).toBe('# title {');
    expect(collect('sniff', '   ')).toBe('   ');
    expect(collect('sniff', '# title\n', Buffer.from([0x41, 0x00, 0x42]))).toBeUndefined();
    expect(collect('sniff', 'caf', Buffer.from([0xe9]), '\n')).toBeUndefined();
    expect(collect('keep', Buffer.from([0x7b, 0x00, 0x7d]))).toBe('{\u0000}');
    expect(collect('none', '{}')).toBeUndefined();
  });

  it('keeps no text that is not valid UTF-8, and keeps a byte order mark (so it does not parse)', () => {
    expect(collect('keep', Buffer.from([0x7b, 0xff, 0x7d]))).toBeUndefined();
    expect(collect('keep', Buffer.from([0xef, 0xbb, 0xbf]), '{}')).toBe('\ufeff{}');
    expect(collect('keep', 'é')).toBe('é');
  });

  it('drops a file that grows past the limit while it is read', () => {
    const collector = new TextCollector('keep', 10);
    collector.add(Buffer.alloc(JSON_FILE_LIMIT, 0x20));
    expect(collector.text()).toBe(' '.repeat(JSON_FILE_LIMIT));
    collector.add(Buffer.from(' '));
    expect(collector.text()).toBeUndefined();
  });
});
