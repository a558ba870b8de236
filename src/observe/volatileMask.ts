import type { LinePattern } from './diffLines.js';

/** What calibration found changing on its own in one observer's output, to be left out of every diff. */
export interface ObserverMask {
  /** JSON output: places (see `jsonPlaces.ts`) whose values changed on their own; dropped before diffing. */
  readonly places: readonly string[];
  /** Plain text output: lines that changed on their own, by shape; dropped before diffing. */
  readonly lines: readonly LinePattern[];
  /** Changes that remained (an array read in another order): ignored by exact entity after diffing. */
  readonly entities: readonly string[];
}

/** The volatile parts of every observer, by observer key. An observer not in the map has none. */
export type VolatileMask = ReadonlyMap<string, ObserverMask>;

export const NO_MASK: ObserverMask = { places: [], lines: [], entities: [] };

export const EMPTY_MASK: VolatileMask = new Map();
