import { describe, expect, it } from 'vitest';
import { TEXT_HARVEST_PER_FILE, harvestText } from '../../../../harness/environments/fs/harvestText.js';
import { harvestFsSnapshot } from '../../../../harness/environments/fs/index.js';
import type { FsEntry } from '../../../../harness/environments/fs/index.js';

const names = (text: string): string[] => harvestText(text).map((value) => value.value);

describe('harvestText', () => {
  it('offers the section names of Markdown, YAML-like, INI and Org text', () => {
    expect(names('# Tasks\n\n## Today ##\r\n- [ ] milk\n')).toEqual(['Tasks', 'Today']);
    expect(names('today:\n  - water\nlater:\n  - passport\nkey: value\n')).toEqual(['today', 'later']);
    expect(names('[server]\nport = 1\n* Inbox\n** Next step\n*bold*\n')).toEqual([
      'server',
      'Inbox',
      'Next step',
    ]);
    expect(names('plain prose, no sections\n#hashtag\n')).toEqual([]);
  });

  it('stays bounded on hostile text', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `# h${i}`).join('\n');
    expect(names(many)).toHaveLength(TEXT_HARVEST_PER_FILE);
    expect(names(`# ${'x'.repeat(500)}\n`)).toEqual([]);
  });

  it('is offered from the snapshot next to JSON values, JSON files not crowded out by other text', () => {
    const file = (text: string): FsEntry => ({
      type: 'file',
      mode: 0o644,
      size: text.length,
      sha256: 'x',
      text,
    });
    const entries = new Map<string, FsEntry>([
      ...Array.from(
        { length: 25 },
        (_, i) => [`a${String(i).padStart(2, '0')}.md`, file(`# Note ${i}\n`)] as const,
      ),
      ['z.json', file('[{"id":"rec-1"}]')],
    ]);
    const values = harvestFsSnapshot({ environment: 'fs', entries } as never).map(
      (v) => `${v.kind} ${v.value}`,
    );
    expect(values).toContain('identifier rec-1');
    expect(values).toContain('name Note 0');
  });
});
