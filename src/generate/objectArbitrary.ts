import fc from 'fast-check';
import { invalid } from './keywordValue.js';
import type { SchemaBuilder } from './schemaBuilder.js';
import { childLocation, pointerOf } from './schemaLocation.js';
import type { SchemaLocation } from './schemaLocation.js';
import { isSchemaObject } from './schemaObject.js';
import type { SchemaObject } from './schemaObject.js';
import { UnsupportedSchemaError } from './unsupportedSchemaError.js';

/**
 * Plain objects with the declared `properties`: `required` keys always present, the others genuinely optional
 * (absent in some values, and dropped first when shrinking). No undeclared keys are generated, which honours
 * any `additionalProperties`.
 */
export function objectArbitrary(
  schema: SchemaObject,
  at: SchemaLocation,
  build: SchemaBuilder,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  if (!isSchemaObject(properties)) throw invalid('properties', 'an object', properties, at);
  const required = schema.required ?? [];
  if (!Array.isArray(required) || !required.every((key): key is string => typeof key === 'string')) {
    throw invalid('required', 'an array of strings', required, at);
  }
  const undeclared = required.find((key) => !Object.hasOwn(properties, key));
  if (undeclared !== undefined) {
    throw new UnsupportedSchemaError(
      pointerOf(at),
      `required property ${JSON.stringify(undeclared)} without a schema in "properties"`,
    );
  }
  const requiredKeys = new Set(required);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, subschema] of Object.entries(properties)) {
    const value = build(subschema, childLocation(at, ['properties', key], key));
    defineKey(model, key, requiredKeys.has(key) ? value : optional(value));
  }
  return fc.record(model, { noNullPrototype: true }).map((record) => {
    const present: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) if (value !== ABSENT) defineKey(present, key, value);
    return present;
  });
}

const ABSENT = Symbol('absent');

/**
 * An optional property: absent 3 times in 5 and first to go when shrinking. Callers rarely pass every
 * optional argument, and some combinations conflict (head and tail), so most calls should look like a user's.
 */
function optional(value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant(ABSENT), weight: 3 },
    { arbitrary: value, weight: 2 },
  );
}

/** Sets a key as an own data property, even `__proto__`. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
