import { isSchemaObject } from './schemaObject.js';
import type { SchemaObject } from './schemaObject.js';

const LOWER_BOUNDS = new Set([
  'minimum',
  'exclusiveMinimum',
  'minLength',
  'minItems',
  'minProperties',
  'minContains',
]);
const UPPER_BOUNDS = new Set([
  'maximum',
  'exclusiveMaximum',
  'maxLength',
  'maxItems',
  'maxProperties',
  'maxContains',
]);
const SCHEMA_VALUED = new Set([
  'items',
  'additionalProperties',
  'propertyNames',
  'contains',
  'additionalItems',
]);

/**
 * Pure: one schema that asks for what both ask for, as far as plain keywords go (`allOf` merged): types
 * intersected, `properties` and `required` united, the tighter bound kept, `enum`s intersected, subschemas of
 * the same keyword combined with `allOf`. Where no exact merge exists (two `pattern`s, two `multipleOf`s) the
 * first is kept: generation filters the result against the original schema, so the merge needs only to aim well.
 * Boolean schemas: `true` is neutral, `false` absorbs.
 */
export function mergeSchemas(a: unknown, b: unknown): unknown {
  if (a === true || a === undefined) return b;
  if (b === true || b === undefined) return a;
  if (a === false || b === false || !isSchemaObject(a) || !isSchemaObject(b)) return false;
  const merged: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (!Object.hasOwn(merged, key)) {
      set(merged, key, value);
      continue;
    }
    set(merged, key, mergeKeyword(key, merged[key], value));
  }
  return merged;
}

function mergeKeyword(key: string, a: unknown, b: unknown): unknown {
  if (LOWER_BOUNDS.has(key) && typeof a === 'number' && typeof b === 'number') return Math.max(a, b);
  if (UPPER_BOUNDS.has(key) && typeof a === 'number' && typeof b === 'number') return Math.min(a, b);
  if (SCHEMA_VALUED.has(key)) return allOf(a, b);
  switch (key) {
    case 'type':
      return mergeTypes(a, b);
    case 'required':
      return [...new Set([...asArray(a), ...asArray(b)])];
    case 'enum': {
      const keep = new Set(asArray(b).map((value) => JSON.stringify(value)));
      return asArray(a).filter((value) => keep.has(JSON.stringify(value)));
    }
    case 'properties':
    case 'patternProperties':
    case '$defs':
    case 'definitions':
    case 'dependentSchemas':
      return mergeMaps(a, b, allOf);
    case 'dependentRequired':
      return mergeMaps(a, b, (x, y) => [...new Set([...asArray(x), ...asArray(y)])]);
    case 'allOf':
      return [...asArray(a), ...asArray(b)];
    case 'anyOf':
    case 'oneOf':
      // Each branch of the first, constrained by the second as a whole; the filter restores `oneOf`'s "exactly".
      return asArray(a).map((branch) => ({ allOf: [branch, { [key]: b }] }));
    case 'not':
      return { anyOf: [a, b] };
    case 'uniqueItems':
      return a === true || b === true;
    default:
      return a;
  }
}

function mergeTypes(a: unknown, b: unknown): unknown {
  const left = asArray(a);
  const right = new Set(asArray(b));
  const both = left.flatMap((type) => {
    if (right.has(type)) return [type];
    if (type === 'integer' && right.has('number')) return ['integer'];
    if (type === 'number' && right.has('integer')) return ['integer'];
    return [];
  });
  return [...new Set(both)];
}

function mergeMaps(a: unknown, b: unknown, combine: (x: unknown, y: unknown) => unknown): unknown {
  if (!isSchemaObject(a) || !isSchemaObject(b)) return a;
  const merged: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    set(merged, key, Object.hasOwn(merged, key) ? combine(merged[key], value) : value);
  }
  return merged;
}

function allOf(a: unknown, b: unknown): SchemaObject {
  return { allOf: [a, b] };
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : value === undefined ? [] : [value];
}

/** Sets a key as an own data property, even `__proto__`. */
function set(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
