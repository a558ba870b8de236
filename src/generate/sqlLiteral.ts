import fc from 'fast-check';
import type { HarvestedColumn, HarvestedRelation } from '../../harness/index.js';

type Dialect = HarvestedRelation['dialect'];
type KeyValue = string | number | boolean | null;

/** An identifier quoted for both dialects: `"order"`, `"a""b"`. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The table as a statement names it: schema-qualified only outside the default schema. */
export function tableName(relation: HarvestedRelation): string {
  return relation.schema === undefined
    ? quoteIdentifier(relation.name)
    : `${quoteIdentifier(relation.schema)}.${quoteIdentifier(relation.name)}`;
}

/** A key value as a SQL literal (`42`, `'ada@example.com'`, `TRUE`); `undefined` for null. */
export function keyLiteral(value: KeyValue, dialect: Dialect): string | undefined {
  if (value === null) return undefined;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean')
    return dialect === 'sqlite' ? (value ? '1' : '0') : value ? 'TRUE' : 'FALSE';
  return stringLiteral(value);
}

function stringLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** Short text in a fresh, recognisable form: `hp_k3x` (fits varchar(6) and wider). */
const freshText = fc
  .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 4 })
  .map((stem) => `hp_${stem}`);

/**
 * Literals a column of this type accepts, or `undefined` when the type is not one hintproof knows how to
 * fill (the column is then left to its default, or the table is not inserted into). `integers` are key
 * values seen in the sandbox, offered to integer columns so that references (`customer_id`) meet a row.
 */
export function columnLiteral(
  column: HarvestedColumn,
  dialect: Dialect,
  integers: readonly number[],
): fc.Arbitrary<string> | undefined {
  const type = column.type.toLowerCase();
  const length = /\((\d+)\)/.exec(type)?.[1];
  if (/^(int|integer|bigint|smallint|int2|int4|int8|serial|bigserial|smallserial)\b/.test(type)) {
    const small = fc.integer({ min: 1, max: 1000 }).map(String);
    return integers.length === 0 ? small : fc.oneof(fc.constantFrom(...integers).map(String), small);
  }
  if (/^(numeric|decimal|real|double|float|money)/.test(type)) {
    return fc.integer({ min: 0, max: 99_999 }).map((cents) => (cents / 100).toFixed(2));
  }
  if (/^bool/.test(type))
    return fc.boolean().map((b) => (dialect === 'sqlite' ? (b ? '1' : '0') : b ? 'TRUE' : 'FALSE'));
  if (
    /^(text|character varying|varchar|char|character|citext|name|clob|string)\b/.test(type) ||
    type === ''
  ) {
    const fits = length === undefined ? freshText : freshText.filter((text) => text.length <= Number(length));
    return fits.map(stringLiteral);
  }
  if (/^timestamp|^datetime/.test(type)) return fc.constant('CURRENT_TIMESTAMP');
  if (/^date\b/.test(type)) return fc.constant('CURRENT_DATE');
  if (/^uuid/.test(type)) return fc.uuid().map(stringLiteral);
  if (/^jsonb?\b/.test(type)) return fc.constantFrom("'{}'", "'[]'");
  if (dialect === 'sqlite' && /^blob/.test(type)) return fc.constant("x'00'");
  return undefined;
}
