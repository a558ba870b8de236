import fc from 'fast-check';
import { assertOrdered, countKeyword } from './keywordValue.js';
import { mergeSchemas } from './mergeSchemas.js';
import { RecursionLimitError } from './recursionLimitError.js';
import type { SchemaBuilder } from './schemaBuilder.js';
import { childLocation, pointerOf } from './schemaLocation.js';
import type { SchemaLocation } from './schemaLocation.js';
import type { SchemaObject } from './schemaObject.js';
import { stableStringify } from './stableStringify.js';
import { UnsupportedSchemaError } from './unsupportedSchemaError.js';

/** Arrays stay short unless the schema asks for more: each element is one more thing a tool acts on. */
const DEFAULT_MAX_ITEMS = 4;

/**
 * Arrays within `minItems`/`maxItems`: the tuple part (`prefixItems`, or draft-07 `items` as an array) in full,
 * then elements of `items` (or draft-07 `additionalItems`), unique when `uniqueItems` asks, with an element of
 * `contains` put in somewhere. Items inherit the array property's name for steering. The caller filters what
 * is only aimed at (`contains` counts, uniqueness next to a tuple). `building` (a call made to build state):
 * at least one element where `maxItems` allows.
 */
export function arrayArbitrary(
  schema: SchemaObject,
  at: SchemaLocation,
  build: SchemaBuilder,
  building = false,
): fc.Arbitrary<unknown[]> {
  const minItems = countKeyword(schema, 'minItems', at) ?? 0;
  const maxItems = countKeyword(schema, 'maxItems', at);
  assertOrdered({ keyword: 'minItems', value: minItems }, { keyword: 'maxItems', value: maxItems }, at);
  const tupleForm = Array.isArray(schema.items);
  const prefix = (
    Array.isArray(schema.prefixItems) ? schema.prefixItems : tupleForm ? schema.items : []
  ) as unknown[];
  const restKeyword = tupleForm ? 'additionalItems' : 'items';
  const restSchema = tupleForm ? (schema.additionalItems ?? true) : (schema.items ?? true);
  const prefixLength = Math.min(prefix.length, maxItems ?? prefix.length);
  const head = fc.tuple(
    ...prefix.slice(0, prefixLength).map((item, index) => build(item, childLocation(at, [tupleForm ? 'items' : 'prefixItems', String(index)]))),
  ); // prettier-ignore
  const restMin = Math.max(
    building && prefixLength === 0 && (maxItems ?? 1) >= 1 ? 1 : 0,
    minItems - prefixLength,
  );
  const restMax = Math.min(
    (maxItems ?? Number.POSITIVE_INFINITY) - prefixLength,
    Math.max(restMin, prefixLength > 0 ? 0 : DEFAULT_MAX_ITEMS),
  );
  let rest: fc.Arbitrary<unknown[]>;
  let element: fc.Arbitrary<unknown> | undefined;
  if (restSchema === false || restMax <= 0) {
    if (restMin > 0)
      throw new UnsupportedSchemaError(pointerOf(at), `"minItems" ${minItems} beyond the tuple`);
    rest = fc.constant([]);
  } else {
    try {
      element = build(restSchema, childLocation(at, [restKeyword]));
      // Not `fc.uniqueArray`, which never ends when fewer distinct values exist than `minItems`: duplicates
      // are dropped here and the caller's filter judges the length.
      const unique = schema.uniqueItems === true;
      rest = fc
        .array(element, { minLength: restMin, maxLength: restMax })
        .map((items) => (unique ? dropDuplicates(items) : items));
    } catch (error) {
      // A recursion that ends here: the array stays as short as it may.
      if (!(error instanceof RecursionLimitError) || restMin > 0) throw error;
      rest = fc.constant([]);
    }
  }
  const arrays = fc.tuple(head, rest).map(([first, more]) => [...first, ...more]);
  if (schema.contains === undefined) return arrays;
  const wanted = build(mergeSchemas(restSchema, schema.contains), childLocation(at, ['contains']));
  const roomFor = maxItems ?? Number.POSITIVE_INFINITY;
  return fc.tuple(arrays, wanted, fc.nat()).map(([array, value, position]) => {
    const kept = array.length >= roomFor ? array.slice(0, Math.max(prefixLength, roomFor - 1)) : array;
    const index = prefixLength + (position % Math.max(1, kept.length - prefixLength + 1));
    return [...kept.slice(0, index), value, ...kept.slice(index)].slice(0, roomFor);
  });
}

/** The items without later duplicates (by ajv's notion of equality: key order does not matter). */
function dropDuplicates(items: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = stableStringify(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
