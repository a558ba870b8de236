import { describe, expect, it } from 'vitest';
import { formatTable } from '../../../src/report/formatTable.js';

describe('formatTable', () => {
  it('pads on the plain text and paints afterwards', () => {
    const paint = (text: string): string => `<${text}>`;
    const lines = formatTable(
      [
        [{ text: 'tool' }, { text: 'calls' }],
        [
          { text: 'a', paint },
          { text: '5', paint },
        ],
      ],
      ['left', 'right'],
    );
    expect(lines).toEqual(['tool  calls', '<a>         <5>']);
  });

  it('gives the last left-aligned column no trailing padding', () => {
    expect(
      formatTable(
        [
          [{ text: 'ab' }, { text: 'x' }],
          [{ text: 'c' }, { text: 'long' }],
        ],
        ['left', 'left'],
      ),
    ).toEqual(['ab  x', 'c   long']);
  });
});
