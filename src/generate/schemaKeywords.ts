import type { SchemaObject } from './schemaObject.js';

/** The JSON Schema types generation knows. */
const SCHEMA_TYPES = ['object', 'array', 'string', 'integer', 'number', 'boolean', 'null'] as const;
export type SchemaType = (typeof SCHEMA_TYPES)[number];

export function isSchemaType(value: unknown): value is SchemaType {
  return (SCHEMA_TYPES as readonly unknown[]).includes(value);
}

/** Keywords that imply a type in a schema without `type`. */
const TYPE_KEYWORDS: ReadonlyArray<[SchemaType, readonly string[]]> = [
  ['object', ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames',
    'minProperties', 'maxProperties', 'dependentRequired', 'dependentSchemas', 'unevaluatedProperties']],
  ['array', ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains', 'additionalItems',
    'unevaluatedItems']],
  ['string', ['minLength', 'maxLength', 'pattern', 'format']],
  ['number', ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']],
]; // prettier-ignore

/** Keywords that combine subschemas; each is built from its branches and then filtered (see applicators). */
export const APPLICATORS = ['allOf', 'anyOf', 'oneOf', 'if', 'not'] as const;

/**
 * Keywords honoured by generating close and filtering with ajv (bounded, see `boundedFilter`): the builders aim
 * at them (multiples, extra keys, an element that `contains` wants…) but the exact rule is ajv's.
 */
const FILTERED_KEYWORDS = new Set([
  'multipleOf', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties', 'dependentSchemas',
  'dependencies', 'unevaluatedProperties', 'contains', 'minContains', 'maxContains', 'unevaluatedItems',
  'prefixItems', 'additionalItems', '$dynamicRef', '$recursiveRef',
]); // prettier-ignore

/** Whether the values built for `schema` must still be filtered against it. */
export function needsFilter(schema: SchemaObject): boolean {
  return (
    Object.keys(schema).some((keyword) => FILTERED_KEYWORDS.has(keyword)) ||
    schema.uniqueItems === true ||
    Array.isArray(schema.items)
  );
}

/** The types whose keywords appear in an untyped schema, e.g. `properties` → object. */
export function typesImpliedByKeywords(schema: SchemaObject): SchemaType[] {
  return TYPE_KEYWORDS.filter(([, keywords]) =>
    keywords.some((keyword) => Object.hasOwn(schema, keyword)),
  ).map(([type]) => type);
}
