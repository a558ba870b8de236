import { describe, expect, it } from 'vitest';
import { msUntilTheClockMoves, showsTheTime } from '../../../src/observe/showsTheTime.js';

// A read made from 17:20:01.200 to 17:20:01.260 UTC on 2026-12-05.
const FROM = Date.UTC(2026, 11, 5, 17, 20, 1, 200);
const TO = FROM + 60;
const SECONDS = Math.floor(FROM / 1000);

describe('showsTheTime', () => {
  it.each([
    ['epoch seconds of the read', `{"timestamp":${SECONDS}}`, true],
    ['epoch seconds with a fraction within the read', `t=${SECONDS}.23`, true],
    ['epoch milliseconds within the read', `{"at":${FROM + 30}}`, true],
    ['an ISO date-time of the read, UTC', '"2026-12-05T17:20:01Z"', true],
    ['an SQLite CURRENT_TIMESTAMP of the read', 'created 2026-12-05 17:20:01', true],
    ['an ISO date-time with milliseconds within the read', '2026-12-05T17:20:01.230+00:00', true],
    ['the second before the read', `{"timestamp":${SECONDS - 1}}`, false],
    ['milliseconds just before the read', `{"at":${FROM - 5}}`, false],
    ['milliseconds in the read second but before the read', '2026-12-05T17:20:01.100Z', false],
    ['a date-time an hour away in its zone', '2026-12-05T17:20:01+01:00', false],
    ['digits inside a longer number', `${SECONDS}7`, false],
    ['digits after a decimal point', `0.${SECONDS}`, false],
    ['no time at all', 'commit 3f2a9c1 by t', false],
  ])('%s: %s', (_, text, expected) => {
    expect(showsTheTime(text, FROM, TO)).toBe(expected);
  });

  it('waits past the next whole second, and not at all once it has passed', () => {
    expect(msUntilTheClockMoves(TO, TO)).toBe(1000 - 260 + 5);
    expect(msUntilTheClockMoves(TO, TO + 2000)).toBe(0);
  });
});
