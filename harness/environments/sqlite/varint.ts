import { NotUnderstood } from '../notUnderstood.js';

/** A SQLite varint read from a page: its value and how many bytes it took (1 to 9). */
export interface Varint {
  readonly value: bigint;
  readonly length: number;
}

/**
 * Reads the big-endian variable-length integer at `offset`: up to 8 bytes of 7 bits each (high bit set: more
 * follow), then a 9th byte of 8 bits; the 64 bits are two's complement. Reading past the end of `bytes` is a
 * corrupt database and throws.
 */
export function readVarint(bytes: Uint8Array, offset: number): Varint {
  let value = 0n;
  for (let i = 0; i < 8; i++) {
    const byte = byteAt(bytes, offset + i);
    value = (value << 7n) | BigInt(byte & 0x7f);
    if ((byte & 0x80) === 0) return { value, length: i + 1 };
  }
  value = (value << 8n) | BigInt(byteAt(bytes, offset + 8));
  return { value: BigInt.asIntN(64, value), length: 9 };
}

/** A varint that must be a small non-negative number (a size, a serial type, a header length). */
export function readSmallVarint(bytes: Uint8Array, offset: number): { value: number; length: number } {
  const { value, length } = readVarint(bytes, offset);
  if (value < 0n || value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new CorruptDatabaseError(`a size varint at offset ${offset} is out of range (${value})`);
  }
  return { value: Number(value), length };
}

function byteAt(bytes: Uint8Array, offset: number): number {
  const byte = bytes[offset];
  if (byte === undefined)
    throw new CorruptDatabaseError(`a varint runs past the end of its page (offset ${offset})`);
  return byte;
}

/** The bytes do not form a database this reader understands; the file is then compared as bytes. */
export class CorruptDatabaseError extends NotUnderstood {
  constructor(reason: string) {
    super('SQLite', reason);
    this.name = 'CorruptDatabaseError';
  }
}
