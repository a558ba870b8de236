import { TextDecoder } from 'node:util';
import type { TextEncodingName } from './sqliteImage.js';
import type { SqliteValue } from './sqliteValue.js';
import { UndecodableText } from './sqliteValue.js';
import { CorruptDatabaseError, readSmallVarint } from './varint.js';

const decoders = new Map<TextEncodingName, TextDecoder>();

/**
 * The values of one record (the file format's record: a header of serial types, then the values), in order.
 * Integers become numbers when they are safe and bigints otherwise; text is decoded in the database's
 * encoding, and text that does not decode stays bytes (UndecodableText). Throws CorruptDatabaseError when the
 * header or a value runs past the payload.
 */
export function decodeRecord(payload: Uint8Array, encoding: TextEncodingName): SqliteValue[] {
  const headerSize = readSmallVarint(payload, 0);
  if (headerSize.value > payload.length || headerSize.value < headerSize.length) {
    throw new CorruptDatabaseError(
      `a record header of ${headerSize.value} bytes in a ${payload.length}-byte record`,
    );
  }
  const types: number[] = [];
  for (let at = headerSize.length; at < headerSize.value;) {
    const type = readSmallVarint(payload, at);
    types.push(type.value);
    at += type.length;
  }
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const values: SqliteValue[] = [];
  let at = headerSize.value;
  for (const type of types) {
    const size = serialSize(type);
    if (at + size > payload.length) throw new CorruptDatabaseError('a record value runs past its payload');
    values.push(readValue(payload, view, at, type, encoding));
    at += size;
  }
  return values;
}

/** Bytes a value of serial type `type` takes. */
function serialSize(type: number): number {
  if (type >= 12) return Math.floor((type - 12) / 2);
  const sizes = [0, 1, 2, 3, 4, 6, 8, 8, 0, 0];
  const size = sizes[type];
  if (size === undefined) throw new CorruptDatabaseError(`reserved serial type ${type} in a record`);
  return size;
}

function readValue(
  payload: Uint8Array,
  view: DataView,
  at: number,
  type: number,
  encoding: TextEncodingName,
): SqliteValue {
  switch (type) {
    case 0:
      return null;
    case 1:
      return view.getInt8(at);
    case 2:
      return view.getInt16(at);
    case 3:
      return (view.getInt8(at) << 16) | view.getUint16(at + 1);
    case 4:
      return view.getInt32(at);
    case 5:
      return view.getInt16(at) * 2 ** 32 + view.getUint32(at + 2);
    case 6: {
      const value = view.getBigInt64(at);
      return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(value)
        : value;
    }
    case 7:
      return view.getFloat64(at);
    case 8:
      return 0;
    case 9:
      return 1;
  }
  const size = serialSize(type);
  const bytes = payload.subarray(at, at + size);
  if (type % 2 === 0) return bytes.slice();
  let decoder = decoders.get(encoding);
  if (decoder === undefined) {
    decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
    decoders.set(encoding, decoder);
  }
  try {
    return decoder.decode(bytes);
  } catch {
    return new UndecodableText(bytes.slice());
  }
}
