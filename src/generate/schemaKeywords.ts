import type { SchemaObject } from './schemaObject.js';

/** The JSON Schema types generation knows. */
export const SCHEMA_TYPES = ['object', 'array', 'string', 'integer', 'number', 'boolean', 'null'] as const;
export type SchemaType = (typeof SCHEMA_TYPES)[number];

export function isSchemaType(value: unknown): value is SchemaType {
  return (SCHEMA_TYPES as readonly unknown[]).includes(value);
}

/**
 * Keywords that constrain only values of some types, split into those generation honours and those it cannot
 * honour yet. `format` is honoured by ignoring it: plain strings are generated and the guard filters them.
 * `additionalProperties` and `unevaluatedProperties` are honoured by never generating undeclared keys;
 * `uniqueItems: false` constrains nothing.
 */
const TYPE_KEYWORDS: Readonly<
  Record<SchemaType, { supported: readonly string[]; unsupported: readonly string[] }>
> = {
  string: { supported: ['minLength', 'maxLength', 'format'], unsupported: ['pattern'] },
  integer: {
    supported: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'],
    unsupported: ['multipleOf'],
  },
  number: {
    supported: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'],
    unsupported: ['multipleOf'],
  },
  object: {
    supported: ['properties', 'required', 'additionalProperties', 'unevaluatedProperties'],
    unsupported: [
      'patternProperties',
      'propertyNames',
      'minProperties',
      'maxProperties',
      'dependencies',
      'dependentRequired',
      'dependentSchemas',
    ],
  },
  array: {
    supported: ['items', 'minItems', 'maxItems'],
    unsupported: [
      'uniqueItems',
      'prefixItems',
      'additionalItems',
      'contains',
      'minContains',
      'maxContains',
      'unevaluatedItems',
    ],
  },
  boolean: { supported: [], unsupported: [] },
  null: { supported: [], unsupported: [] },
};

/** Keywords that apply to every type and that generation cannot honour yet. */
const UNSUPPORTED_ANY_TYPE = [
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  '$dynamicRef',
  '$recursiveRef',
] as const;

/**
 * The first keyword of `schema` (in the schema's own key order) that constrains values of the given types and
 * that generation cannot honour, or `undefined`. Keywords of types that are not generated constrain nothing
 * (`minLength` next to `type: "integer"`), and keywords no JSON Schema dialect defines are ignored by
 * validators, so neither is reported.
 */
export function firstUnsupportedKeyword(
  schema: SchemaObject,
  types: readonly SchemaType[],
): string | undefined {
  const unsupported = new Set<string>(UNSUPPORTED_ANY_TYPE);
  for (const type of types) for (const keyword of TYPE_KEYWORDS[type].unsupported) unsupported.add(keyword);
  return Object.keys(schema).find(
    (keyword) => unsupported.has(keyword) && !(keyword === 'uniqueItems' && schema[keyword] === false),
  );
}

/** The types whose keywords appear in an untyped schema, e.g. `properties` → object. */
export function typesImpliedByKeywords(schema: SchemaObject): SchemaType[] {
  const implied: SchemaType[] = [];
  for (const type of ['object', 'array', 'string', 'number'] as const) {
    const { supported, unsupported } = TYPE_KEYWORDS[type];
    if ([...supported, ...unsupported].some((keyword) => Object.hasOwn(schema, keyword))) implied.push(type);
  }
  return implied;
}
