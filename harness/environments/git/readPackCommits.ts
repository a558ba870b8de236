import { constants, inflateSync } from 'node:zlib';
import type { ParseBudget } from '../parseBudget.js';
import { commitParents } from './readLooseCommit.js';
import type { PackIndexEntry } from './readPackIndex.js';

/** Largest pack whose bytes the fs snapshot keeps to read its commits; bigger ones are compared by hash. */
export const PACK_FILE_LIMIT = 64 * 1024 * 1024;

/** Compressed bytes inflated per commit: its header lines (tree, ~20 parents), never its whole message. */
const COMMIT_INPUT_BYTES = 1024;

/** Deflate expands at most ~1032-fold: the output of COMMIT_INPUT_BYTES never reaches this, so never throws. */
const COMMIT_OUTPUT_LIMIT = 1040 * COMMIT_INPUT_BYTES;

/** Commits read from one pack at most; past them a ref move is unknown, as with a commit not read at all. */
const MAX_PACK_COMMITS = 200_000;

/** Pack entry types (git's `object_type`): 1 commit; 6 and 7 are deltas against another object. */
const COMMIT = 1;

const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * The parents of the commits a pack holds whole (`objects/pack/*.pack`, version 2 or 3, with the entries its
 * index lists): each entry's header (type and size, a varint) is read at its offset, and a commit's first
 * COMMIT_INPUT_BYTES are inflated (output bounded) to its parent lines. Deltified entries (their content is
 * another object's plus a delta), other object types, entries cut short or out of the pack and packs of
 * another version are left out: their commits are unknown. Every byte may be hostile: each entry is a step of
 * `budget` and what it inflates to is spent from it (an index may list one small bomb 200,000 times). Pure.
 */
export function readPackCommits(
  pack: Uint8Array,
  entries: readonly PackIndexEntry[],
  oidLength = 20,
  budget?: ParseBudget,
): Map<string, readonly string[]> {
  const parents = new Map<string, readonly string[]>();
  const view = new DataView(pack.buffer, pack.byteOffset, pack.byteLength);
  const end = pack.length - oidLength; // the trailer: the pack's checksum
  if (end < 12 || view.getUint32(0) !== 0x5041434b) return parents; // "PACK"
  const version = view.getUint32(4);
  if (version !== 2 && version !== 3) return parents;
  for (const { oid, offset } of entries) {
    if (parents.size >= MAX_PACK_COMMITS) break;
    budget?.step();
    if (offset < 12 || offset >= end) continue;
    const header = entryHeader(pack, offset, end);
    if (header?.type !== COMMIT) continue;
    const found = inflatedParents(
      pack.subarray(header.data, Math.min(end, header.data + COMMIT_INPUT_BYTES)),
      budget,
    );
    if (found !== undefined) parents.set(oid, found);
  }
  return parents;
}

/** An entry's type and where its compressed data starts; `undefined` for a header cut short or too long. */
function entryHeader(
  pack: Uint8Array,
  offset: number,
  end: number,
): { type: number; data: number } | undefined {
  let at = offset;
  let byte = pack[at++] ?? 0;
  const type = (byte >> 4) & 7;
  // The size's varint: 4 bits, then 7 per byte; git writes at most ten bytes for a 64-bit size.
  for (let length = 1; (byte & 0x80) !== 0; length++) {
    if (at >= end || length >= 10) return undefined;
    byte = pack[at++] ?? 0;
  }
  return { type, data: at };
}

function inflatedParents(compressed: Uint8Array, budget: ParseBudget | undefined): string[] | undefined {
  let inflated: Buffer;
  try {
    // Bounded by its input: 1 KiB, however repetitive the message after the headers.
    inflated = inflateSync(compressed, {
      finishFlush: constants.Z_SYNC_FLUSH,
      maxOutputLength: COMMIT_OUTPUT_LIMIT,
    });
  } catch {
    // Past the bound (a bomb) or not deflate: its parents are unknown, and the bound was inflated all the same.
    budget?.spend(COMMIT_OUTPUT_LIMIT, 'a commit that does not inflate');
    return undefined;
  }
  budget?.spend(inflated.length, 'an inflated commit');
  return commitParents(decoder.decode(inflated.subarray(0, 8192)));
}
