import { describe, expect, it } from 'vitest';
import { CHANGES_LISTED, formatChange, formatChanges } from '../../../src/report/formatChange.js';

describe('formatChange', () => {
  it('shows kind, qualified entity and detail', () => {
    expect(
      formatChange({ kind: 'append', environment: 'fs', entity: '.access.log', detail: '+9 bytes' }),
    ).toBe('append fs:.access.log (+9 bytes)');
  });

  it('leaves out empty parentheses when there is no detail', () => {
    expect(formatChange({ kind: 'delete', environment: 'pg', entity: 'public.notes', detail: '' })).toBe(
      'delete pg:public.notes',
    );
  });
});

describe('formatChanges', () => {
  const adds = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      kind: 'add' as const,
      environment: 'fs',
      entity: `f${index}`,
      detail: '',
    }));

  it('lists every change up to CHANGES_LISTED', () => {
    expect(formatChanges(adds(CHANGES_LISTED))).toEqual(adds(CHANGES_LISTED).map(formatChange));
    expect(formatChanges([])).toEqual([]);
  });

  it('past it, the first CHANGES_LISTED and how many more: 110,000 files are 21 lines', () => {
    const lines = formatChanges(adds(110_000));
    expect(lines).toHaveLength(CHANGES_LISTED + 1);
    expect(lines[0]).toBe('add fs:f0');
    expect(lines.at(-1)).toBe(`… and ${110_000 - CHANGES_LISTED} more changes`);
    expect(formatChanges(adds(3), 2).at(-1)).toBe('… and 1 more change');
  });
});
