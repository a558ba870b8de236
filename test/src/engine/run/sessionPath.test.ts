import { describe, expect, it } from 'vitest';
import { formatSessionPath, parseSessionPath } from '../../../../src/engine/run/sessionPath.js';

describe('session paths', () => {
  it('leave a run that replays alone as fast-check printed it', () => {
    expect(formatSessionPath({ fcPath: '7:0:1' })).toBe('7:0:1');
    expect(formatSessionPath({ fcPath: '7:0', sessionStart: 3, kept: [] })).toBe('7:0');
    expect(parseSessionPath('7:0:1')).toEqual({ fcPath: '7:0:1' });
  });

  it('name the session and the history calls kept, and read them back', () => {
    const path = { fcPath: '12:0:1', sessionStart: 9, kept: [0, 3, 4] };
    expect(formatSessionPath(path)).toBe('12:0:1/s9/k0.3.4');
    expect(parseSessionPath('12:0:1/s9/k0.3.4')).toEqual(path);
  });

  it('name the runs a session carried over from the round before', () => {
    const path = { fcPath: '3:0', sessionStart: 0, kept: [1, 4], carried: [{ start: 2, end: 5 }] };
    expect(formatSessionPath(path)).toBe('3:0/s0/k1.4/p2-5');
    expect(parseSessionPath('3:0/s0/k1.4/p2-5')).toEqual(path);
  });

  it('name every round a session went on through, oldest first, with the producers of those after preambles', () => {
    const path = {
      fcPath: '3:0',
      sessionStart: 0,
      kept: [1, 4],
      carried: [
        { start: 2, end: 5 },
        { start: 0, end: 6, producers: [1, 4] },
        { start: 0, end: 0, producers: [] },
      ],
    };
    expect(formatSessionPath(path)).toBe('3:0/s0/k1.4/p2-5/p0-6@1.4/p0-0@');
    expect(parseSessionPath('3:0/s0/k1.4/p2-5/p0-6@1.4/p0-0@')).toEqual(path);
  });

  it('name a round of another tool of the chain by its index, and a seed that is not the positional one', () => {
    const path = {
      fcPath: '4:1',
      sessionStart: 0,
      kept: [0, 7],
      carried: [
        { start: 3, end: 25, tool: 2, seedOffset: 0 },
        { start: 0, end: 9, producers: [0], tool: 2, seedOffset: 1 },
        { start: 0, end: 12, seedOffset: -1 },
      ],
    };
    expect(formatSessionPath(path)).toBe('4:1/s0/k0.7/p3-25t2s+0/p0-9@0t2s+1/p0-12s-1');
    expect(parseSessionPath('4:1/s0/k0.7/p3-25t2s+0/p0-9@0t2s+1/p0-12s-1')).toEqual(path);
  });

  it('name a session that skipped a run 0 made alone on a fresh sandbox, in this round and in one carried', () => {
    const path = {
      fcPath: '4:1',
      sessionStart: 1,
      kept: [2],
      carried: [
        { start: 0, end: 9, tool: 0, seedOffset: 0 },
        { start: 1, end: 6, tool: 3, seedOffset: 0 },
      ],
    };
    expect(formatSessionPath(path)).toBe('4:1/s1/k2/p0-9t0s+0/p1-6t3s+0');
    expect(parseSessionPath('4:1/s1/k2/p0-9t0s+0/p1-6t3s+0')).toEqual(path);
  });

  it('refuse what hintproof never prints', () => {
    for (const text of [
      '',
      'a',
      '7:',
      '7:0/s',
      '7/s9/k',
      '7/s9/k1..2',
      '7/s8/k3.1',
      '7/s9/k0',
      '1;rm -rf /',
      '3:0/s2/k1/p2-5',
      '3:0/s0/k1/p6-5',
      '3:0/s0/k1/p2',
      '3:0/p2-5',
      // A round after the session's first began with it: at run 0 (run 1 after a run 0 on a fresh sandbox).
      '3:0/s0/k1/p2-5/p2-6',
      '3:0/s0/k1/p0-6@4.1',
      '3:0/s0/k1/p0-6@1.',
      '3:0/s0/k1/p0-6@@',
      '3:0/s0/k1/p0-6x',
      '3:0/s0/k1/p0-6t',
      '3:0/s0/k1/p0-6s2',
      '3:0/s0/k1/p0-6s+',
      '3:0/s0/k1/p0-6s+1t2',
      '3:0/s0/k1/p0-6@1t2.3',
    ]) {
      expect(parseSessionPath(text), text).toBeUndefined();
    }
  });
});
