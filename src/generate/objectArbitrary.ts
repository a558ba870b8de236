import fc from 'fast-check';
import { countKeyword, invalid } from './keywordValue.js';
import { patternArbitrary } from './patternArbitrary.js';
import { RecursionLimitError } from './recursionLimitError.js';
import type { SchemaBuilder } from './schemaBuilder.js';
import { childLocation, pointerOf } from './schemaLocation.js';
import type { SchemaLocation } from './schemaLocation.js';
import { isSchemaObject } from './schemaObject.js';
import type { SchemaObject } from './schemaObject.js';
import { UnsupportedSchemaError } from './unsupportedSchemaError.js';

/** Undeclared keys added at most, when `additionalProperties` is a schema or `minProperties` asks for them. */
const MAX_EXTRA_KEYS = 2;

/**
 * Plain objects with the declared `properties`: `required` keys always present, the others genuinely optional
 * (absent in some values, and dropped first when shrinking), `dependentRequired` closed over. Undeclared keys
 * only where the schema invites them: a few when `additionalProperties` is a schema, one per
 * `patternProperties` pattern sometimes, and enough for `minProperties`. Keys obey `propertyNames` where it is
 * a schema to build from; the caller filters the rest (`maxProperties`, overlaps of patterns). `columns`: the
 * sandbox's column names, drawn as undeclared keys three times in four where `propertyNames` says no more than
 * `type: string` (`data: {title: …}` for a create_record over a table).
 */
export function objectArbitrary(
  schema: SchemaObject,
  at: SchemaLocation,
  build: SchemaBuilder,
  columns: readonly string[] = [],
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  if (!isSchemaObject(properties)) throw invalid('properties', 'an object', properties, at);
  const required = stringList(schema.required ?? [], 'required', at);
  const additional = schema.additionalProperties;
  const patterns = isSchemaObject(schema.patternProperties) ? schema.patternProperties : {};
  const dependents = dependentRequired(schema, at);
  const requiredKeys = new Set(required);
  const dependentKeys = new Set(Object.values(dependents).flat());
  const minProperties = countKeyword(schema, 'minProperties', at) ?? 0;
  // A lone optional property is what the tool is about (server-postgres's `sql`): present 4 times in 5 too.
  const eager =
    minProperties > required.length || (required.length === 0 && Object.keys(properties).length === 1);

  const undeclaredValue = (key: string): fc.Arbitrary<unknown> => {
    const pattern = Object.keys(patterns).find((candidate) => matches(candidate, key));
    if (pattern !== undefined)
      return build(patterns[pattern], childLocation(at, ['patternProperties', pattern], key));
    if (additional === false) {
      throw new UnsupportedSchemaError(
        pointerOf(at),
        `required property ${JSON.stringify(key)} that "additionalProperties": false forbids`,
      );
    }
    return build(additional ?? true, childLocation(at, ['additionalProperties'], key));
  };

  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of new Set([...Object.keys(properties), ...required, ...dependentKeys])) {
    const location = childLocation(at, ['properties', key], key);
    const isRequired = requiredKeys.has(key);
    let value: fc.Arbitrary<unknown>;
    try {
      value = Object.hasOwn(properties, key) ? build(properties[key], location) : undeclaredValue(key);
    } catch (error) {
      // A recursion that ends here: leave the optional property out.
      if (error instanceof RecursionLimitError && !isRequired && !dependentKeys.has(key)) continue;
      throw error;
    }
    if (isRequired) defineKey(model, key, value);
    else if (dependentKeys.has(key)) defineKey(model, key, fc.tuple(optional(value, eager), value));
    else defineKey(model, key, optional(value, eager));
  }
  const declared = fc.record(model, { noNullPrototype: true }).map((record) => {
    const present: Record<string, unknown> = {};
    const backups: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) {
      const [chosen, backup] = dependentKeys.has(key) ? (value as [unknown, unknown]) : [value, undefined];
      if (chosen !== ABSENT) defineKey(present, key, chosen);
      defineKey(backups, key, backup);
    }
    // dependentRequired: a present key brings its dependents, transitively.
    for (let changed = true; changed;) {
      changed = false;
      for (const [key, needed] of Object.entries(dependents)) {
        if (!Object.hasOwn(present, key)) continue;
        for (const dependent of needed) {
          if (Object.hasOwn(present, dependent) || !Object.hasOwn(backups, dependent)) continue;
          defineKey(present, dependent, backups[dependent]);
          changed = true;
        }
      }
    }
    return present;
  });

  const names = keyNames(schema, at, build, columns);
  const columnsOffered = columns.length > 0 && isSchemaObject(additional);
  const extras = extraEntries(schema, at, build, {
    properties,
    patterns,
    minProperties,
    names,
    columnsOffered,
  });
  if (extras === undefined) return declared;
  return fc.tuple(declared, extras).map(([object, entries]) => {
    const combined = { ...object };
    for (const [key, value] of entries) if (!Object.hasOwn(combined, key)) defineKey(combined, key, value);
    return combined;
  });
}

/** Undeclared entries the schema invites, or `undefined` when it invites none. */
function extraEntries(
  schema: SchemaObject,
  at: SchemaLocation,
  build: SchemaBuilder,
  keys: {
    readonly properties: SchemaObject;
    readonly patterns: SchemaObject;
    readonly minProperties: number;
    readonly names: fc.Arbitrary<unknown>;
    readonly columnsOffered: boolean;
  },
): fc.Arbitrary<Array<[string, unknown]>> | undefined {
  const { properties, patterns, minProperties, names, columnsOffered } = keys;
  const additional = schema.additionalProperties;
  const arbitraries: Array<fc.Arbitrary<Array<[unknown, unknown]>>> = [];
  const isFree = (key: string): boolean => !Object.hasOwn(properties, key);
  for (const [pattern, subschema] of Object.entries(patterns)) {
    const keys = patternArbitrary(pattern);
    if (keys === undefined) continue;
    const value = build(subschema, childLocation(at, ['patternProperties', pattern]));
    arbitraries.push(fc.array(fc.tuple(keys, value), { maxLength: 1 }));
  }
  const declaredCount = Object.keys(properties).length;
  // A free-form record that may name columns (`data`, `conditions`) holds one at least: `{}` inserts nothing.
  const wanted = Math.max(columnsOffered && declaredCount === 0 ? 1 : 0, minProperties - declaredCount);
  if (additional !== false && (isSchemaObject(additional) || wanted > 0)) {
    const value = build(additional ?? true, childLocation(at, ['additionalProperties']));
    // Not `fc.uniqueArray`: it never ends when fewer distinct names exist than it needs. Duplicates are dropped
    // when the entries are merged, and the caller's filter judges what is left.
    arbitraries.push(
      fc.array(fc.tuple(names, value), { minLength: wanted, maxLength: Math.max(wanted, MAX_EXTRA_KEYS) }),
    );
  }
  if (arbitraries.length === 0) return undefined;
  // Keys that a declared property or a pattern already governs are dropped rather than filtered (no retries).
  const usable = (key: unknown, fromPattern: boolean): key is string =>
    typeof key === 'string' &&
    isFree(key) &&
    (fromPattern || !Object.keys(patterns).some((p) => matches(p, key)));
  const patternCount =
    arbitraries.length - (additional !== false && (isSchemaObject(additional) || wanted > 0) ? 1 : 0);
  return fc
    .tuple(...arbitraries)
    .map((lists) =>
      lists.flatMap((list, index) =>
        list.filter((entry): entry is [string, unknown] => usable(entry[0], index < patternCount)),
      ),
    );
}

/** Names for undeclared keys: `propertyNames`'s, or short words; mostly a column's where it allows any name. */
function keyNames(
  schema: SchemaObject,
  at: SchemaLocation,
  build: SchemaBuilder,
  columns: readonly string[],
): fc.Arbitrary<unknown> {
  const given = schema.propertyNames;
  const names = isSchemaObject(given)
    ? build(given, childLocation(at, ['propertyNames']))
    : fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 1, maxLength: 6 });
  const anyString =
    given === undefined ||
    given === true ||
    (isSchemaObject(given) &&
      Object.keys(given).every((keyword) => keyword === 'type') &&
      given.type === 'string');
  if (columns.length === 0 || !anyString) return names;
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: names, weight: 1 },
    { arbitrary: fc.constantFrom(...columns), weight: 3 },
  );
}

const ABSENT = Symbol('absent');

/**
 * An optional property: absent 3 times in 5 and first to go when shrinking. Callers rarely pass every
 * optional argument, and some combinations conflict (head and tail), so most calls should look like a user's.
 * `eager` (when `minProperties` needs more than the required keys, or it is the object's only property)
 * makes it present 4 times in 5.
 */
function optional(value: fc.Arbitrary<unknown>, eager = false): fc.Arbitrary<unknown> {
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant(ABSENT), weight: eager ? 1 : 3 },
    { arbitrary: value, weight: eager ? 4 : 2 },
  );
}

/** `dependentRequired` (2019-09+) and the array form of draft-07 `dependencies`, merged. */
function dependentRequired(schema: SchemaObject, at: SchemaLocation): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  for (const keyword of ['dependentRequired', 'dependencies'] as const) {
    const map = schema[keyword];
    if (map === undefined) continue;
    if (!isSchemaObject(map)) throw invalid(keyword, 'an object', map, at);
    for (const [key, value] of Object.entries(map)) {
      if (!Array.isArray(value)) continue; // the schema form of `dependencies` is left to the filter
      defineKey(merged, key, [...(merged[key] ?? []), ...stringList(value, keyword, at)]);
    }
  }
  return merged;
}

function stringList(value: unknown, keyword: string, at: SchemaLocation): string[] {
  if (!Array.isArray(value) || !value.every((key): key is string => typeof key === 'string')) {
    throw invalid(keyword, 'an array of strings', value, at);
  }
  return value;
}

function matches(pattern: string, key: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(key);
  } catch {
    return false;
  }
}

/** Sets a key as an own data property, even `__proto__`. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
