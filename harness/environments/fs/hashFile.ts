import { createHash } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { FsPrefix } from './fsEntry.js';
import type { TextMode } from './jsonText.js';
import { TextCollector } from './jsonText.js';
import type { BytesMode } from './keptBytes.js';
import { BytesCollector } from './keptBytes.js';

const CHUNK_BYTES = 64 * 1024;

export interface HashedFile {
  /** Bytes actually hashed (differs from `stat.size` only when the file changed while being read). */
  readonly size: number;
  readonly sha256: string;
  readonly prefixes: readonly FsPrefix[];
  /** The content as text, when `textMode` asked for it and it qualified (see `TextCollector`). */
  readonly text?: string;
  /** The content itself, when `bytesMode` asked for it and it qualified (see `BytesCollector`). */
  readonly bytes?: Uint8Array;
}

/**
 * The sha256 of an open regular file in one read pass, plus the sha256 of its first N bytes for every N in
 * `prefixLengths` below its size (the running hash is copied at each boundary). `stat` is the file's fstat,
 * taken when it was opened (see `openEntry`, which opens files without following links). Keeps no content,
 * except the text of a (probable) JSON file when `textMode` asks for it, and the bytes of a file read by
 * meaning (a SQLite database by its header; git state files and database companions) as `bytesMode` asks.
 * Does not close `handle`.
 */
export async function hashFile(
  handle: FileHandle,
  stat: BigIntStats,
  prefixLengths: readonly number[],
  textMode: TextMode = 'none',
  bytesMode: BytesMode = 'sqlite',
): Promise<HashedFile> {
  const boundaries = [...new Set(prefixLengths)]
    .filter((length) => length < Number(stat.size))
    .sort((a, b) => a - b);
  const hash = createHash('sha256');
  const collector = new TextCollector(textMode, Number(stat.size));
  const kept = new BytesCollector(bytesMode, Number(stat.size));
  const prefixes: FsPrefix[] = [];
  const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(4096, Number(stat.size) + 1)));
  let offset = 0;
  let nextBoundary = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
    let start = 0;
    for (let b = boundaries[nextBoundary]; b !== undefined && b <= offset + bytesRead;) {
      hash.update(buffer.subarray(start, b - offset));
      start = b - offset;
      prefixes.push(Object.freeze({ length: b, sha256: hash.copy().digest('hex') }));
      b = boundaries[++nextBoundary];
    }
    hash.update(buffer.subarray(start, bytesRead));
    if (bytesRead === 0) break;
    collector.add(buffer.subarray(0, bytesRead));
    kept.add(buffer.subarray(0, bytesRead));
    offset += bytesRead;
  }
  const text = collector.text();
  const bytes = kept.bytes();
  return {
    size: offset,
    sha256: hash.digest('hex'),
    prefixes: Object.freeze(prefixes),
    ...(text === undefined ? {} : { text }),
    ...(bytes === undefined ? {} : { bytes }),
  };
}
