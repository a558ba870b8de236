import { GitFormatError, hex } from './readGitIndex.js';

/**
 * The object ids a pack index (`objects/pack/*.idx`) lists: version 2 (`\377tOc`, then the version, the fan-out
 * table, the sorted ids) or version 1 (the fan-out table, then offset and id pairs). Throws GitFormatError on
 * anything else. Pure.
 */
export function readPackIndex(bytes: Uint8Array, oidLength = 20): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const v2 = bytes.length >= 8 && view.getUint32(0) === 0xff744f63;
  if (v2 && view.getUint32(4) !== 2)
    throw new GitFormatError(`unsupported pack index version ${view.getUint32(4)}`);
  const fanout = v2 ? 8 : 0;
  if (bytes.length < fanout + 1024) throw new GitFormatError('a pack index shorter than its fan-out table');
  const count = view.getUint32(fanout + 255 * 4);
  const ids: string[] = [];
  const first = fanout + 1024;
  const stride = v2 ? oidLength : 4 + oidLength;
  const skip = v2 ? 0 : 4;
  if (first + count * stride > bytes.length)
    throw new GitFormatError(`a pack index listing ${count} objects is cut short`);
  for (let i = 0; i < count; i++) {
    const at = first + i * stride + skip;
    ids.push(hex(bytes.subarray(at, at + oidLength)));
  }
  return ids;
}
