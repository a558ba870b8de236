import fc from 'fast-check';
import { invalid, numberKeyword } from './keywordValue.js';
import { pointerOf } from './schemaLocation.js';
import type { SchemaLocation } from './schemaLocation.js';
import type { SchemaObject } from './schemaObject.js';
import { UnsupportedSchemaError } from './unsupportedSchemaError.js';

/** How far from zero multiples go when the schema leaves a side open. */
const OPEN_FACTOR = 1_000_000;

/**
 * Multiples `k × multipleOf` within the bounds. The caller filters the result against the schema: ajv checks
 * that `value / multipleOf` is an integer, which a decimal step such as 0.1 can miss through rounding, and
 * `integer` with a fractional step needs whole multiples.
 */
export function multipleOfArbitrary(schema: SchemaObject, at: SchemaLocation): fc.Arbitrary<number> {
  const step = numberKeyword(schema, 'multipleOf', at);
  if (step === undefined || step <= 0) throw invalid('multipleOf', 'a number > 0', schema.multipleOf, at);
  const lower = Math.max(
    numberKeyword(schema, 'minimum', at) ?? Number.NEGATIVE_INFINITY,
    nextAbove(numberKeyword(schema, 'exclusiveMinimum', at)),
  );
  const upper = Math.min(
    numberKeyword(schema, 'maximum', at) ?? Number.POSITIVE_INFINITY,
    nextBelow(numberKeyword(schema, 'exclusiveMaximum', at)),
  );
  const min = Number.isFinite(lower) ? Math.ceil(lower / step) : -OPEN_FACTOR;
  const max = Number.isFinite(upper) ? Math.floor(upper / step) : OPEN_FACTOR;
  const low = Math.max(min, Number.isFinite(upper) ? max - 2 * OPEN_FACTOR : min);
  const high = Math.min(max, low + 2 * OPEN_FACTOR);
  if (!(low <= high) || !Number.isSafeInteger(low) || !Number.isSafeInteger(high)) {
    throw new UnsupportedSchemaError(pointerOf(at), `no multiple of ${step} within the bounds`);
  }
  return fc.integer({ min: low, max: high }).map((k) => clean(k * step));
}

function nextAbove(value: number | undefined): number {
  return value === undefined
    ? Number.NEGATIVE_INFINITY
    : value + Number.EPSILON * Math.max(1, Math.abs(value));
}

function nextBelow(value: number | undefined): number {
  return value === undefined
    ? Number.POSITIVE_INFINITY
    : value - Number.EPSILON * Math.max(1, Math.abs(value));
}

/** `k × step` without the binary noise of decimal steps (0.30000000000000004 → 0.3), and never -0. */
function clean(value: number): number {
  const rounded = Number(value.toPrecision(12));
  return Object.is(rounded, -0) ? 0 : rounded;
}
