import type { ParseBudget } from '../parseBudget.js';
import { readPackCommits } from './readPackCommits.js';
import { readPackIndexEntries } from './readPackIndex.js';

/** Packs whose commits are remembered (most recently used kept): a run's seed packs and those its calls made. */
const CACHED_PACKS = 16;

const cache = new Map<string, ReadonlyMap<string, readonly string[]>>();

/**
 * The parents of the commits a pack holds whole (readPackCommits, offsets from its index), remembered by the
 * content hashes of the pack and its index (`key`), so that a pack is parsed once per run however many
 * snapshots and sandboxes hold it. Without a key nothing is remembered. Throws GitFormatError for an index it
 * cannot read, NotUnderstood past `budget` (a pack read whole is remembered; one cut short is not).
 */
export function packCommits(
  pack: Uint8Array,
  idx: Uint8Array,
  oidLength: number,
  key?: string,
  budget?: ParseBudget,
): ReadonlyMap<string, readonly string[]> {
  const cached = key === undefined ? undefined : cache.get(key);
  if (cached !== undefined) {
    cache.delete(key!);
    cache.set(key!, cached);
    return cached;
  }
  const commits = readPackCommits(pack, readPackIndexEntries(idx, oidLength), oidLength, budget);
  if (key !== undefined) {
    cache.set(key, commits);
    for (const oldest of cache.keys()) {
      if (cache.size <= CACHED_PACKS) break;
      cache.delete(oldest);
    }
  }
  return commits;
}
