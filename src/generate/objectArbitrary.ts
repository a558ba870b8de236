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
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, subschema] of Object.entries(properties)) {
    Object.defineProperty(model, key, {
      value: build(subschema, childLocation(at, ['properties', key], key)),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return fc.record(model, { requiredKeys: [...new Set(required)], noNullPrototype: true });
}
