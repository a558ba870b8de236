import { pointerOf } from './schemaLocation.js';
import type { SchemaLocation } from './schemaLocation.js';
import type { SchemaObject } from './schemaObject.js';
import { UnsupportedSchemaError } from './unsupportedSchemaError.js';

/** The value of a numeric keyword such as `minimum`, or `undefined` when absent. */
export function numberKeyword(schema: SchemaObject, keyword: string, at: SchemaLocation): number | undefined {
  const value = schema[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw invalid(keyword, 'a finite number', value, at);
  return value;
}

/** The value of a count keyword such as `minLength` or `maxItems`, or `undefined` when absent. */
export function countKeyword(schema: SchemaObject, keyword: string, at: SchemaLocation): number | undefined {
  const value = schema[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalid(keyword, 'a non-negative integer', value, at);
  }
  return value;
}

/** `minX` and `maxX` keywords that no value can satisfy together. */
export function assertOrdered(
  min: { keyword: string; value: number | undefined },
  max: { keyword: string; value: number | undefined },
  at: SchemaLocation,
): void {
  if (min.value !== undefined && max.value !== undefined && min.value > max.value) {
    throw new UnsupportedSchemaError(
      pointerOf(at),
      `unsatisfiable bounds ${min.keyword} ${min.value} > ${max.keyword} ${max.value}`,
    );
  }
}

export function invalid(keyword: string, expected: string, received: unknown, at: SchemaLocation): Error {
  return new UnsupportedSchemaError(
    pointerOf(at),
    `invalid "${keyword}" (expected ${expected}, received ${JSON.stringify(received) ?? typeof received})`,
  );
}
