import { GitFormatError, hex } from './readGitIndex.js';

/** One object a pack index lists: its id and where its entry starts in the pack. */
export interface PackIndexEntry {
  readonly oid: string;
  readonly offset: number;
}

/**
 * The object ids a pack index (`objects/pack/*.idx`) lists: version 2 (`\377tOc`, then the version, the fan-out
 * table, the sorted ids) or version 1 (the fan-out table, then offset and id pairs). Throws GitFormatError on
 * anything else. Pure.
 */
export function readPackIndex(bytes: Uint8Array, oidLength = 20): string[] {
  return readPackIndexEntries(bytes, oidLength).map((entry) => entry.oid);
}

/**
 * The objects a pack index lists with their offsets in the pack: version 2 (ids, then CRCs, then 31-bit
 * offsets, a set top bit naming an entry of the 64-bit offset table after them) or version 1 (offset and id
 * pairs). An offset that cannot be a pack position (past 2^53) is left out. Throws GitFormatError on any
 * other version, or a table cut short. Pure.
 */
export function readPackIndexEntries(bytes: Uint8Array, oidLength = 20): PackIndexEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const v2 = bytes.length >= 8 && view.getUint32(0) === 0xff744f63;
  if (v2 && view.getUint32(4) !== 2)
    throw new GitFormatError(`unsupported pack index version ${view.getUint32(4)}`);
  const fanout = v2 ? 8 : 0;
  if (bytes.length < fanout + 1024) throw new GitFormatError('a pack index shorter than its fan-out table');
  const count = view.getUint32(fanout + 255 * 4);
  const first = fanout + 1024;
  const entries: PackIndexEntry[] = [];
  if (!v2) {
    const stride = 4 + oidLength;
    if (first + count * stride > bytes.length)
      throw new GitFormatError(`a pack index listing ${count} objects is cut short`);
    for (let i = 0; i < count; i++) {
      const at = first + i * stride;
      entries.push({ oid: hex(bytes.subarray(at + 4, at + stride)), offset: view.getUint32(at) });
    }
    return entries;
  }
  const offsets = first + count * (oidLength + 4);
  const large = offsets + count * 4;
  if (large > bytes.length) throw new GitFormatError(`a pack index listing ${count} objects is cut short`);
  for (let i = 0; i < count; i++) {
    const oid = hex(bytes.subarray(first + i * oidLength, first + (i + 1) * oidLength));
    const small = view.getUint32(offsets + i * 4);
    if ((small & 0x80000000) === 0) {
      entries.push({ oid, offset: small });
      continue;
    }
    const at = large + (small & 0x7fffffff) * 8;
    if (at + 8 > bytes.length)
      throw new GitFormatError('a pack index names a 64-bit offset it does not hold');
    const offset = view.getBigUint64(at);
    if (offset <= BigInt(Number.MAX_SAFE_INTEGER)) entries.push({ oid, offset: Number(offset) });
  }
  return entries;
}
