import { describe, expect, it } from 'vitest';
import {
  harvestJsonRecords,
  JSON_RECORDS_PER_FILE,
} from '../../../../harness/environments/fs/harvestJsonRecords.js';

describe('harvestJsonRecords', () => {
  it('offers the objects in arrays whole, with their short string and number members', () => {
    const text = JSON.stringify({
      links: [
        {
          source: 'ada',
          target: 'alan',
          link_type: 'mentors',
          weight: 2,
          tags: ['x'],
          long: 'y'.repeat(300),
        },
      ],
      meta: { source: 'not in an array' },
    });
    expect(harvestJsonRecords('graph.json', text)).toEqual([
      {
        kind: 'record',
        value: 'graph.json',
        record: { source: 'ada', target: 'alan', link_type: 'mentors', weight: 2 },
      },
    ]);
  });

  it('reads JSON Lines, offers nothing for text that does not parse, and stays bounded', () => {
    expect(
      harvestJsonRecords('log.jsonl', '{"id":"a1","kind":"note"}\n{"id":"a2","kind":"task"}\n'),
    ).toHaveLength(2);
    expect(harvestJsonRecords('x.json', '{"links": [')).toEqual([]);
    const many = JSON.stringify(
      Array.from({ length: 10_000 }, (_, index) => ({ id: index, name: `n${index}` })),
    );
    expect(harvestJsonRecords('many.json', many)).toHaveLength(JSON_RECORDS_PER_FILE);
  });
});
