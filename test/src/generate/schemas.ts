import type { HarvestedValue } from '../../../harness/index.js';

/** A sandbox's harvest as the fs environment would offer it: placeholder paths stay literal. */
export const POOL: readonly HarvestedValue[] = [
  { kind: 'directory', value: '{fs}' },
  { kind: 'directory', value: '{fs}/notes' },
  { kind: 'directory', value: 'notes' },
  { kind: 'path', value: '{fs}/notes/a.md' },
  { kind: 'path', value: 'notes/a.md' },
  { kind: 'path', value: '{fs}/todo.txt' },
  { kind: 'name', value: 'a.md' },
  { kind: 'name', value: 'todo.txt' },
  { kind: 'identifier', value: 'n-42' },
  { kind: 'text', value: 'hello world' },
];

/** Hand-written schemas covering every supported construct; every generated value must validate. */
export const SUPPORTED_SCHEMAS: Readonly<Record<string, unknown>> = {
  'every primitive type': {
    type: 'object',
    properties: {
      text: { type: 'string' },
      flag: { type: 'boolean' },
      nothing: { type: 'null' },
      count: { type: 'integer' },
      ratio: { type: 'number' },
    },
    required: ['text', 'flag', 'nothing', 'count', 'ratio'],
  },
  'string lengths, steered names included': {
    type: 'object',
    properties: {
      path: { type: 'string', minLength: 3, maxLength: 12 },
      name: { type: 'string', maxLength: 4 },
      title: { type: 'string', minLength: 6, maxLength: 6 },
      description: { type: 'string', minLength: 2 },
      empty: { type: 'string', maxLength: 0 },
    },
    required: ['path', 'name', 'title', 'description', 'empty'],
  },
  'integer and number bounds': {
    type: 'object',
    properties: {
      small: { type: 'integer', minimum: -3, maximum: 3 },
      positive: { type: 'integer', minimum: 1 },
      negative: { type: 'integer', maximum: -5 },
      huge: { type: 'integer', minimum: 1e15 },
      fractionalBounds: { type: 'integer', minimum: 0.5, maximum: 2.5 },
      unit: { type: 'number', minimum: 0, maximum: 1 },
      aboveLimit: { type: 'number', minimum: 1e300 },
    },
    required: ['small', 'positive', 'negative', 'huge', 'fractionalBounds', 'unit', 'aboveLimit'],
  },
  'exclusive bounds': {
    type: 'object',
    properties: {
      open: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 3 },
      fractional: { type: 'integer', exclusiveMinimum: 0.5, exclusiveMaximum: 2.5 },
      tight: { type: 'integer', exclusiveMinimum: 1, exclusiveMaximum: 3 },
      unitOpen: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      both: { type: 'number', minimum: 0, exclusiveMinimum: 0, maximum: 1, exclusiveMaximum: 2 },
      probability: { type: 'number', minimum: 0, exclusiveMaximum: 1 },
      belowZero: { type: 'number', exclusiveMaximum: 0 },
      aboveZero: { type: 'number', exclusiveMinimum: 0 },
    },
    required: ['open', 'fractional', 'tight', 'unitOpen', 'both', 'probability', 'belowZero', 'aboveZero'],
  },
  'nested objects, required and optional': {
    type: 'object',
    properties: {
      id: { type: 'string' },
      meta: {
        type: 'object',
        properties: {
          author: { type: 'string' },
          tags: { type: 'array', items: { type: 'string' } },
          inner: {
            type: 'object',
            properties: { depth: { type: 'integer', minimum: 2 }, note: { type: 'string' } },
            required: ['depth'],
            additionalProperties: false,
          },
        },
        required: ['inner'],
        additionalProperties: false,
      },
    },
    required: ['id'],
  },
  'arrays of objects with bounds': {
    type: 'object',
    properties: {
      edits: {
        type: 'array',
        minItems: 1,
        maxItems: 3,
        items: {
          type: 'object',
          properties: { oldText: { type: 'string' }, newText: { type: 'string' } },
          required: ['oldText', 'newText'],
          additionalProperties: false,
        },
      },
      paths: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 6 },
      matrix: { type: 'array', items: { type: 'array', items: { type: 'integer' }, maxItems: 2 } },
      anything: { type: 'array' },
      notUnique: { type: 'array', uniqueItems: false, items: { type: 'boolean' } },
    },
    required: ['edits', 'paths'],
  },
  'enums and const': {
    type: 'object',
    properties: {
      sortBy: { type: 'string', enum: ['name', 'size'] },
      mixed: { enum: ['a', 1, null, { deep: [true] }] },
      filtered: { type: 'string', enum: ['a', 1, 'bb'], maxLength: 1 },
      version: { const: 2 },
      kind: { type: 'string', const: 'note' },
    },
    required: ['sortBy', 'mixed', 'filtered', 'version', 'kind'],
  },
  'type arrays including null': {
    type: 'object',
    properties: {
      maybeText: { type: ['string', 'null'], maxLength: 3 },
      numberOrFlag: { type: ['integer', 'boolean'], minimum: 10 },
      anyScalar: { type: ['null', 'number', 'string'], exclusiveMaximum: 0, minLength: 1 },
      objectOrArray: {
        type: ['object', 'array'],
        properties: { a: { type: 'integer' } },
        required: ['a'],
        items: { type: 'null' },
        maxItems: 2,
      },
    },
    required: ['maybeText', 'numberOrFlag', 'anyScalar', 'objectOrArray'],
  },
  'defaults, valid and not': {
    type: 'object',
    properties: {
      dryRun: { type: 'boolean', default: false },
      excludePatterns: { type: 'array', items: { type: 'string' }, default: [] },
      limit: { type: 'integer', minimum: 1, default: 0 },
      mode: { type: 'string', default: 7 },
    },
    required: ['dryRun', 'excludePatterns', 'limit', 'mode'],
  },
  'untyped and annotated schemas': {
    type: 'object',
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Arguments',
    description: 'every annotation keyword is ignored',
    properties: {
      payload: {},
      trueSchema: true,
      described: { description: 'any value', examples: [1], $comment: 'x', deprecated: true },
      impliedObject: { properties: { x: { type: 'integer' } }, required: ['x'] },
      impliedString: { maxLength: 2 },
      vendor: { type: 'string', 'x-hint': 'path', nullable: true, minimum: 5 },
      ro: { type: 'integer', readOnly: true, writeOnly: false, title: 'read only' },
    },
    required: ['payload', 'trueSchema', 'described', 'impliedObject', 'impliedString', 'vendor', 'ro'],
  },
  'local $ref, draft-07 definitions': {
    type: 'object',
    definitions: {
      positive: { type: 'integer', minimum: 1 },
      point: {
        type: 'object',
        properties: { x: { $ref: '#/definitions/positive' }, y: { $ref: '#/definitions/positive' } },
        required: ['x', 'y'],
      },
    },
    properties: {
      from: { $ref: '#/definitions/point', description: 'annotations next to $ref are fine' },
      to: { $ref: '#/definitions/point' },
      again: { $ref: '#/properties/to' },
    },
    required: ['from'],
  },
  '2020-12 dialect with $defs': {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    $defs: { name: { type: 'string', minLength: 1, maxLength: 8 } },
    properties: {
      name: { $ref: '#/$defs/name' },
      names: { type: 'array', items: { $ref: '#/$defs/name' }, maxItems: 2 },
    },
    required: ['name'],
    unevaluatedProperties: false,
  },
  // JSON.parse makes `__proto__` an own property, as a schema received over the wire would have it.
  'odd property names': JSON.parse(`{
    "type": "object",
    "properties": {
      "a/b": { "type": "string" },
      "til~de": { "type": "integer" },
      "with space": { "enum": ["x"] },
      "__proto__": { "type": "string", "maxLength": 2 },
      "constructor": { "type": "boolean" }
    },
    "required": ["a/b", "til~de", "with space", "__proto__"]
  }`) as unknown,
  'no properties at all': { type: 'object' },
  'empty properties, additionalProperties false': {
    type: 'object',
    properties: {},
    additionalProperties: false,
  },
};
