import { describe, expect, it } from 'vitest';
import { formatOutputs } from '../../../src/action/githubOutput.js';

describe('formatOutputs', () => {
  it('puts each value between delimiters, so a newline cannot forge another output', () => {
    expect(formatOutputs({ 'exit-code': '1', path: 'a\nexit-code=0' }, () => 'EOF')).toBe(
      'exit-code<<EOF\n1\nEOF\npath<<EOF\na\nexit-code=0\nEOF\n',
    );
  });

  it('draws another delimiter when a value holds the first', () => {
    const delimiters = ['X', 'X', 'Y'];
    expect(formatOutputs({ a: 'before\nX\nafter' }, () => delimiters.shift()!)).toBe(
      'a<<Y\nbefore\nX\nafter\nY\n',
    );
    expect(formatOutputs({ a: '' })).toMatch(/^a<<(hintproof_[0-9a-f-]{36})\n\n\1\n$/);
  });
});
