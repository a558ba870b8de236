import { destinationKey } from '../../../harness/process/index.js';
import type { CallRecord } from '../../model/observation.js';

/**
 * The margin: a destination the background also reaches is the command's only when its two calls together
 * span at most this share of the background's mean interval there. A background that reaches it once every
 * `I` ms (a retry every 300 ms to 2 s) puts at most one attempt in any stretch shorter than `I`, so it cannot
 * be in both calls' windows by chance; the share leaves room for a rate the control's life underestimates
 * (retries that began after its start) by up to 2×.
 */
const BACKGROUND_SHARE = 0.5;

/** What a control run showed of the background: its attempts by destination over its server's life. */
export interface BackgroundRate {
  /** Attempts by destination (`destinationKey`) from its server's start to its window's end. */
  readonly counted: ReadonlyMap<string, number>;
  /** How old its server was at its window's end (ms). */
  readonly lifeMs: number;
}

/**
 * How long a command's two calls took together, their egress windows included: from the first call's start
 * to the second's end, plus as long again as passed between the two calls (the snapshot and egress drain
 * after the second call, whose end is not recorded). Undefined without both calls' times. Pure.
 */
export function commandSpanMs(first: CallRecord, second: CallRecord): number | undefined {
  const [a, b] = (first.endedAtMs ?? 0) <= (second.endedAtMs ?? 0) ? [first, second] : [second, first];
  if (a.endedAtMs === undefined || b.endedAtMs === undefined) return undefined;
  const start = a.endedAtMs - (a.durationMs ?? 0);
  const gap = Math.max(0, b.endedAtMs - (b.durationMs ?? 0) - a.endedAtMs);
  return b.endedAtMs + gap - start;
}

/**
 * The destinations (`destinationKey`) among `keys` that a command reached above its background's rate: both
 * its calls reached them, and the control run's rate there predicts less than `BACKGROUND_SHARE` attempts over
 * the calls' span (`commandSpanMs`). A destination the server also reaches on its own (start-up retries,
 * timers) is no licence: what the calls add over that rate is theirs. One call's attempt alone never is: a
 * background attempt (a retry, a look-up the call put off) may fall in any one window. Pure.
 */
export function aboveBackground(
  keys: readonly string[],
  call: CallRecord | undefined,
  other: CallRecord | undefined,
  background: BackgroundRate,
): ReadonlySet<string> {
  if (call === undefined || other === undefined) return new Set();
  const span = commandSpanMs(call, other);
  if (span === undefined || background.lifeMs <= 0) return new Set();
  const reached = (record: CallRecord, key: string) =>
    (record.egress ?? []).some((attempt) => destinationKey(attempt) === key);
  return new Set(
    keys.filter((key) => {
      const attempts = Math.max(1, background.counted.get(key) ?? 0);
      return (
        reached(call, key) && reached(other, key) && span * attempts <= BACKGROUND_SHARE * background.lifeMs
      );
    }),
  );
}

/** The rule's numbers for a destination, in words: `3 attempts in 2400 ms (one per 800 ms)`. Pure. */
export function describeRate(key: string, background: BackgroundRate): string {
  const attempts = Math.max(1, background.counted.get(key) ?? 0);
  const every = Math.round(background.lifeMs / attempts);
  return `${attempts} attempt${attempts === 1 ? '' : 's'} in ${Math.round(background.lifeMs)} ms (one per ${every} ms)`;
}
