import { describe, expect, it } from 'vitest';
import type { EgressAttempt } from '../../../../harness/process/index.js';
import { aboveBackground, commandSpanMs, describeRate } from '../../../../src/engine/policy/egressRate.js';
import type { CallRecord } from '../../../../src/model/observation.js';

const outcome = { status: 'returned' as const, isError: false, text: 'ok' };
const statsd: EgressAttempt = { kind: 'datagram', destination: '127.0.0.1:8125', result: 'sent' };
const key = 'datagram 127.0.0.1:8125';
const record = (endedAtMs: number, egress: EgressAttempt[] = [statsd]): CallRecord => ({
  outcome,
  changes: [],
  egress,
  durationMs: 10,
  endedAtMs,
});

describe('commandSpanMs', () => {
  it('spans both calls and, after the second, as long again as passed between them', () => {
    // First from 990 to 1000, second from 1030 to 1040: 30 ms between them, so until 1070.
    expect(commandSpanMs(record(1000), record(1040))).toBe(80);
    expect(commandSpanMs(record(1040), record(1000))).toBe(80);
    expect(commandSpanMs({ outcome, changes: [] }, record(1000))).toBeUndefined();
  });
});

describe('aboveBackground: what a command adds over the rate its server reaches a destination on its own', () => {
  const rate = (attempts: number, lifeMs = 6000) => ({ counted: new Map([[key, attempts]]), lifeMs });

  it('blames a destination both calls reached when the background reaches it far less often', () => {
    // A retry every 400 ms for 6 s: 15 attempts in 6 s, one per 400 ms; the two calls span 80 ms.
    expect(aboveBackground([key], record(1000), record(1040), rate(15))).toEqual(new Set([key]));
  });

  it('never blames one call alone, nor a command slower than half the background interval', () => {
    expect(aboveBackground([key], record(1000), record(1040, []), rate(15))).toEqual(new Set());
    expect(aboveBackground([key], record(1000), undefined, rate(1))).toEqual(new Set());
    // One per 400 ms: two calls spanning 250 ms may both meet a retry, if the rate was underestimated.
    const slow = { ...record(1200), durationMs: 100 };
    expect(aboveBackground([key], record(1000), slow, rate(15))).toEqual(new Set());
  });

  it('cannot be reached by a periodic retry (300 ms to 2 s) over two calls, whatever their phase', () => {
    for (const period of [300, 400, 700, 1000, 2000]) {
      for (let phase = 0; phase < period; phase += 7) {
        // Calls of 10 ms, 30 ms apart, at an age within the retries (as the control saw them, from 0 to 6 s).
        const first = record(3000 + 10);
        const second = record(3000 + 50);
        const retry = (from: number, to: number) =>
          Math.floor((to - phase) / period) - Math.floor((from - phase) / period) > 0;
        // The background alone: a call's window holds a retry only if one fell in it.
        const hit1 = retry(3000, 3040);
        const hit2 = retry(3040, 3080);
        const blamed = aboveBackground(
          [key],
          hit1 ? first : record(3010, []),
          hit2 ? second : record(3050, []),
          rate(Math.floor(6000 / period), 6000),
        );
        expect(blamed, `period ${period}, phase ${phase}`).toEqual(new Set());
      }
    }
  });

  it('says the rate in words', () => {
    expect(describeRate(key, rate(3, 2400))).toBe('3 attempts in 2400 ms (one per 800 ms)');
    expect(describeRate(key, { counted: new Map(), lifeMs: 500 })).toBe(
      '1 attempt in 500 ms (one per 500 ms)',
    );
  });
});
