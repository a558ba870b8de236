import { describe, expect, it } from 'vitest';
import { formatChange } from '../../../src/report/formatChange.js';

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
