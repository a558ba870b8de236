import fc from 'fast-check';
import { numberKeyword } from './keywordValue.js';
import { pointerOf } from './schemaLocation.js';
import type { SchemaLocation } from './schemaLocation.js';
import type { SchemaObject } from './schemaObject.js';
import { UnsupportedSchemaError } from './unsupportedSchemaError.js';

/** fast-check's own default range for `fc.integer()`, used when the schema leaves a side open. */
const DEFAULT_MIN = -0x80000000;
const DEFAULT_MAX = 0x7fffffff;

interface Bound {
  readonly value: number;
  readonly excluded: boolean;
}

/** Integers within `minimum`/`maximum`/`exclusiveMinimum`/`exclusiveMaximum` (numeric form). */
export function integerArbitrary(schema: SchemaObject, at: SchemaLocation): fc.Arbitrary<number> {
  const range = integerRange(
    bound(schema, 'minimum', 'exclusiveMinimum', at),
    bound(schema, 'maximum', 'exclusiveMaximum', at),
  );
  if (range === undefined)
    throw new UnsupportedSchemaError(pointerOf(at), 'no safe integer within the bounds');
  return fc.integer(range);
}

/**
 * Finite numbers within the bounds (no NaN, no Infinity, no -0), mixed with integers when the bounds allow some:
 * `type: "number"` often stands for a count (`head`, `limit`), and integers shrink to simpler values.
 */
export function numberArbitrary(schema: SchemaObject, at: SchemaLocation): fc.Arbitrary<number> {
  const lower = bound(schema, 'minimum', 'exclusiveMinimum', at);
  const upper = bound(schema, 'maximum', 'exclusiveMaximum', at);
  if (
    lower !== undefined &&
    upper !== undefined &&
    (lower.value > upper.value || (lower.value === upper.value && (lower.excluded || upper.excluded)))
  ) {
    throw new UnsupportedSchemaError(pointerOf(at), 'no number within the bounds');
  }
  // -0 travels as 0 in JSON, which an exclusive bound at 0 rejects: never generate it.
  const doubles = fc
    .double({
      noNaN: true,
      noDefaultInfinity: true,
      ...(lower && { min: lower.value, minExcluded: lower.excluded }),
      ...(upper && { max: upper.value, maxExcluded: upper.excluded }),
    })
    .filter((value) => !Object.is(value, -0));
  const range = integerRange(lower, upper);
  return range === undefined ? doubles : fc.oneof(fc.integer(range), doubles);
}

/** The stricter of an inclusive and an exclusive bound keyword. */
function bound(
  schema: SchemaObject,
  inclusive: string,
  exclusive: string,
  at: SchemaLocation,
): Bound | undefined {
  const included = numberKeyword(schema, inclusive, at);
  const excluded = numberKeyword(schema, exclusive, at);
  if (excluded === undefined)
    return included === undefined ? undefined : { value: included, excluded: false };
  if (included === undefined) return { value: excluded, excluded: true };
  const isLower = inclusive === 'minimum';
  const exclusiveIsStricter = isLower ? excluded >= included : excluded <= included;
  return exclusiveIsStricter ? { value: excluded, excluded: true } : { value: included, excluded: false };
}

/** The safe-integer range within the bounds, `undefined` when it holds no integer. */
function integerRange(
  lower: Bound | undefined,
  upper: Bound | undefined,
): { min: number; max: number } | undefined {
  const low = lower && (lower.excluded ? Math.floor(lower.value) + 1 : Math.ceil(lower.value));
  const high = upper && (upper.excluded ? Math.ceil(upper.value) - 1 : Math.floor(upper.value));
  const min =
    low !== undefined ? Math.max(low, Number.MIN_SAFE_INTEGER) : Math.min(DEFAULT_MIN, high ?? DEFAULT_MIN);
  const max = high !== undefined ? Math.min(high, Number.MAX_SAFE_INTEGER) : Math.max(DEFAULT_MAX, min);
  return min <= max && min <= Number.MAX_SAFE_INTEGER && max >= Number.MIN_SAFE_INTEGER
    ? { min, max }
    : undefined;
}
