import fc from 'fast-check';
import { UnsupportedSchemaError } from './unsupportedSchemaError.js';

/** Candidates drawn to estimate how often a filtered arbitrary succeeds, with a fixed seed. */
const FILTER_PROBE_RUNS = 60;
/** At most this many candidates are generated per value before falling back to a known good one. */
const MAX_FILTER_TRIES = 12;

/**
 * Generate-and-filter with a bounded budget, for what cannot be built directly (`oneOf`, `not`, a `pattern`
 * with lengths…). At build time, `FILTER_PROBE_RUNS` candidates (fixed seed, so replay stays exact) estimate the
 * acceptance rate; none accepted → `UnsupportedSchemaError` ("unsatisfiable or too hard"). Each value then draws
 * a tuple of up to `MAX_FILTER_TRIES` candidates and keeps the first accepted one, or one of the probe's accepted
 * values: never an endless loop, and every value still comes from fast-check and shrinks with it.
 */
export function boundedFilter<T>(
  candidates: fc.Arbitrary<T>,
  accepts: (value: T) => boolean,
  pointer: string,
  what: string,
): fc.Arbitrary<T> {
  const probe = fc.sample(candidates, { seed: 0x5eed, numRuns: FILTER_PROBE_RUNS });
  const good = probe.filter(accepts);
  if (good.length === 0) {
    throw new UnsupportedSchemaError(
      pointer,
      `no generated value satisfies ${what} (0 of ${FILTER_PROBE_RUNS} candidates): unsatisfiable or too hard`,
    );
  }
  if (good.length === probe.length) return candidates.filter(accepts);
  const rate = good.length / probe.length;
  const tries = Math.min(MAX_FILTER_TRIES, Math.max(2, Math.ceil(3 / rate)));
  const fallback = good.slice(0, 4);
  return fc
    .tuple(fc.array(candidates, { minLength: tries, maxLength: tries }), fc.nat(fallback.length - 1))
    .map(([values, index]) => values.find(accepts) ?? (fallback[index] as T));
}
