import { describe, expect, it } from 'vitest';
import { GrowingBytes } from '../../../../harness/environments/fs/growingBytes.js';

const grow = (base: Uint8Array, ...chunks: number[][]) => {
  const bytes = new GrowingBytes(base);
  for (const chunk of chunks) bytes.append(Uint8Array.from(chunk));
  return bytes.bytes();
};

describe('GrowingBytes', () => {
  it('is the base followed by what was appended, and never writes into a store it did not make', () => {
    // A small Buffer lives in Node's shared pool: bytes after it belong to other buffers.
    const pooled = Buffer.from([1, 2, 3]);
    const neighbour = Buffer.from([7, 7, 7]);
    const grown = grow(pooled, [4, 5], [6]);
    expect([...grown]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(grown.buffer).not.toBe(pooled.buffer);
    expect([...neighbour]).toEqual([7, 7, 7]);
    expect([...pooled]).toEqual([1, 2, 3]);
  });

  it('goes on in place from the last bytes it handed out, and copies when those were extended already', () => {
    const first = grow(Uint8Array.from([1]), [2]);
    const second = grow(first, [3]);
    // Room was left: the extension shares the store.
    expect(second.buffer).toBe(first.buffer);
    expect([...second]).toEqual([1, 2, 3]);
    // `first` extended again (a second read going on from the same point): it must not overwrite `second`.
    const other = grow(first, [9, 9]);
    expect([...other]).toEqual([1, 2, 9, 9]);
    expect(other.buffer).not.toBe(first.buffer);
    expect([...second]).toEqual([1, 2, 3]);
    expect([...first]).toEqual([1, 2]);
  });
});
