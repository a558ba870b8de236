/** Text whose bytes are not valid in the database's encoding: kept as bytes, so no two such texts merge. */
export class UndecodableText {
  constructor(readonly bytes: Uint8Array) {}
}

/**
 * One stored value: NULL, an integer (a number when it is safe, else a bigint), a real, text, a blob, or text
 * that does not decode.
 */
export type SqliteValue = null | number | bigint | string | Uint8Array | UndecodableText;

/** One row: column name → value. */
export type SqliteRow = Readonly<Record<string, SqliteValue>>;

/**
 * A string equal for two values exactly when SQLite compares them equal as stored: numbers by value (an
 * integral real equals the integer: SQLite stores integral reals of REAL columns as integers), text by its
 * characters, blobs by their bytes.
 */
export function valueKey(value: SqliteValue): string {
  if (value === null) return 'n';
  if (typeof value === 'bigint') return `i${value}`;
  if (typeof value === 'number') {
    return Number.isInteger(value) ? `i${BigInt(value)}` : `r${value}`;
  }
  if (typeof value === 'string') return `t${value}`;
  if (value instanceof UndecodableText) return `x${hex(value.bytes)}`;
  return `b${hex(value)}`;
}

/** A value as shown in evidence (JSON for numbers and text, `x'…'` for blobs), cut to `limit` characters. */
export function formatSqliteValue(value: SqliteValue, limit = 40): string {
  const text =
    value === null
      ? 'null'
      : typeof value === 'bigint'
        ? value.toString()
        : typeof value === 'number' || typeof value === 'string'
          ? JSON.stringify(value)
          : value instanceof UndecodableText
            ? `text x'${hex(value.bytes.subarray(0, limit))}' (not valid text)`
            : `x'${hex(value.subarray(0, limit))}'`;
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/** A row as `id=3, name="a"`, cut to `limit` characters. */
export function formatSqliteRow(row: SqliteRow, limit = 120): string {
  const text = Object.entries(row)
    .map(([column, value]) => `${column}=${formatSqliteValue(value)}`)
    .join(', ');
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}
