import fc from 'fast-check';
import { assertOrdered, countKeyword, invalid } from './keywordValue.js';
import type { SchemaBuilder } from './schemaBuilder.js';
import { childLocation } from './schemaLocation.js';
import type { SchemaLocation } from './schemaLocation.js';
import type { SchemaObject } from './schemaObject.js';

/** Arrays stay short unless the schema asks for more: each element is one more thing a tool acts on. */
export const DEFAULT_MAX_ITEMS = 4;

/** Arrays of `items` within `minItems`/`maxItems`; items inherit the array property's name for steering. */
export function arrayArbitrary(
  schema: SchemaObject,
  at: SchemaLocation,
  build: SchemaBuilder,
): fc.Arbitrary<unknown[]> {
  const minItems = countKeyword(schema, 'minItems', at) ?? 0;
  const maxItems = countKeyword(schema, 'maxItems', at);
  assertOrdered({ keyword: 'minItems', value: minItems }, { keyword: 'maxItems', value: maxItems }, at);
  const items = schema.items ?? true;
  if (Array.isArray(items)) throw invalid('items', 'a schema (the tuple form is not supported)', items, at);
  const maxLength = Math.min(maxItems ?? Number.POSITIVE_INFINITY, Math.max(minItems, DEFAULT_MAX_ITEMS));
  return fc.array(build(items, childLocation(at, ['items'])), { minLength: minItems, maxLength });
}
