/**
 * Hand-written input schemas, one per construct the converter builds (and a few combinations servers send):
 * each is a tool of the corpus, so 200 generated arguments must all validate, or the tool is inconclusive.
 */
export const EDGE_CASES: Readonly<Record<string, unknown>> = {
  'type arrays with null': {
    type: 'object',
    properties: { limit: { type: ['integer', 'null'], minimum: 1 }, tag: { type: ['string', 'null'] } },
    required: ['limit', 'tag'],
  },
  'enum, const and examples': {
    type: 'object',
    properties: {
      sort: { enum: ['asc', 'desc'] },
      version: { const: 2 },
      name: { type: 'string', examples: ['todo.md'], minLength: 1 },
    },
    required: ['sort', 'version', 'name'],
  },
  'additionalProperties as a schema, minProperties, maxProperties': {
    type: 'object',
    properties: {
      labels: {
        type: 'object',
        additionalProperties: { type: 'integer' },
        minProperties: 1,
        maxProperties: 3,
      },
    },
    required: ['labels'],
  },
  'additionalProperties true with minProperties': {
    type: 'object',
    properties: { meta: { type: 'object', additionalProperties: true, minProperties: 2 } },
    required: ['meta'],
  },
  'patternProperties and propertyNames': {
    type: 'object',
    properties: {
      env: {
        type: 'object',
        patternProperties: { '^[A-Z_]{1,8}$': { type: 'string', maxLength: 10 } },
        propertyNames: { pattern: '^[A-Z_]+$' },
        additionalProperties: false,
        minProperties: 1,
      },
    },
    required: ['env'],
  },
  'propertyNames with a format-free schema and a dictionary value': {
    type: 'object',
    properties: {
      headers: {
        type: 'object',
        propertyNames: { minLength: 2, maxLength: 5 },
        additionalProperties: { type: 'string' },
      },
    },
    required: ['headers'],
  },
  dependentRequired: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      user: { type: 'string' },
      password: { type: 'string' },
      otp: { type: 'string', pattern: '^[0-9]{6}$' },
    },
    dependentRequired: { password: ['user'], otp: ['password'] },
  },
  'draft-07 dependencies, both forms': {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { a: { type: 'integer' }, b: { type: 'integer' }, c: { type: 'string' } },
    dependencies: { a: ['b'], c: { properties: { b: { minimum: 0 } }, required: ['b'] } },
  },
  'prefixItems, items false, uniqueItems, contains': {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false },
      tags: {
        type: 'array',
        items: { type: 'string', maxLength: 3 },
        uniqueItems: true,
        minItems: 2,
        maxItems: 5,
      },
      ids: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 100 }, contains: { const: 7 } },
      counted: {
        type: 'array',
        items: { type: 'integer' },
        contains: { minimum: 10 },
        minContains: 2,
        maxContains: 3,
      },
      objects: {
        type: 'array',
        items: { type: 'object', properties: { k: { enum: [1, 2, 3] } }, required: ['k'] },
        uniqueItems: true,
        maxItems: 3,
      },
    },
    required: ['point', 'tags', 'ids', 'counted', 'objects'],
  },
  'a tuple with no $schema: prefixItems of three, items false, minItems 3 (2020-12 by its keywords)': {
    type: 'object',
    properties: {
      rgb: {
        type: 'array',
        prefixItems: [
          { type: 'integer', minimum: 0, maximum: 255 },
          { type: 'integer', minimum: 0, maximum: 255 },
          { type: 'integer', minimum: 0, maximum: 255 },
        ],
        items: false,
        minItems: 3,
      },
    },
    required: ['rgb'],
  },
  'a draft-07 tuple with no $schema: items of three, additionalItems false, minItems 3': {
    type: 'object',
    properties: {
      entry: {
        type: 'array',
        items: [{ type: 'string', minLength: 1 }, { type: 'integer' }, { type: 'boolean' }],
        additionalItems: false,
        minItems: 3,
      },
    },
    required: ['entry'],
  },
  'draft-07 tuple items with additionalItems': {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      pair: {
        type: 'array',
        items: [{ type: 'string' }, { type: 'boolean' }],
        additionalItems: { type: 'null' },
        minItems: 1,
      },
    },
    required: ['pair'],
  },
  'string formats': {
    type: 'object',
    properties: {
      email: { type: 'string', format: 'email' },
      uri: { type: 'string', format: 'uri' },
      url: { type: 'string', format: 'url' },
      uuid: { type: 'string', format: 'uuid' },
      date: { type: 'string', format: 'date' },
      dateTime: { type: 'string', format: 'date-time' },
      time: { type: 'string', format: 'time' },
      ipv4: { type: 'string', format: 'ipv4' },
      ipv6: { type: 'string', format: 'ipv6' },
      hostname: { type: 'string', format: 'hostname' },
      shortEmail: { type: 'string', format: 'email', maxLength: 30 },
    },
    required: [
      'email',
      'uri',
      'url',
      'uuid',
      'date',
      'dateTime',
      'time',
      'ipv4',
      'ipv6',
      'hostname',
      'shortEmail',
    ],
  },
  'string patterns': {
    type: 'object',
    properties: {
      sha: { type: 'string', pattern: '^[0-9a-f]{40}$' },
      slug: { type: 'string', pattern: '^[a-z][a-z0-9-]*$', minLength: 3, maxLength: 12 },
      unanchored: { type: 'string', pattern: 'x' },
      lookahead: { type: 'string', pattern: '^(?=.*[0-9])[a-z0-9]{4,8}$' },
      branch_id: { type: 'string', pattern: '^[a-zA-Z0-9_-]+$' },
    },
    required: ['sha', 'slug', 'unanchored', 'lookahead', 'branch_id'],
  },
  'numbers with multipleOf': {
    type: 'object',
    properties: {
      even: { type: 'integer', multipleOf: 2, minimum: 1, maximum: 99 },
      cents: { type: 'number', multipleOf: 0.01, minimum: 0, maximum: 100 },
      step: { type: 'number', multipleOf: 0.5, exclusiveMinimum: 0 },
      wholeQuarter: { type: 'integer', multipleOf: 0.25 },
      open: { type: 'integer', multipleOf: 7 },
    },
    required: ['even', 'cents', 'step', 'wholeQuarter', 'open'],
  },
  'anyOf with siblings': {
    type: 'object',
    properties: {
      id: {
        anyOf: [
          { type: 'string', minLength: 1 },
          { type: 'integer', minimum: 1 },
        ],
      },
      range: {
        type: 'object',
        properties: { from: { type: 'integer' }, to: { type: 'integer' } },
        anyOf: [{ required: ['from'] }, { required: ['to'] }],
      },
    },
    required: ['id', 'range'],
  },
  'oneOf, exactly one branch': {
    type: 'object',
    properties: {
      target: {
        oneOf: [
          {
            type: 'object',
            properties: { path: { type: 'string' } },
            required: ['path'],
            additionalProperties: false,
          },
          {
            type: 'object',
            properties: { url: { type: 'string', format: 'uri' } },
            required: ['url'],
            additionalProperties: false,
          },
        ],
      },
      count: {
        oneOf: [
          { type: 'integer', multipleOf: 3 },
          { type: 'integer', multipleOf: 5 },
        ],
      },
    },
    required: ['target', 'count'],
  },
  'allOf merged': {
    type: 'object',
    allOf: [
      { properties: { name: { type: 'string', minLength: 2 } }, required: ['name'] },
      { properties: { name: { maxLength: 6 }, size: { type: 'integer' } }, required: ['size'] },
      { properties: { size: { minimum: 10, maximum: 20 } } },
    ],
  },
  'not and if/then/else': {
    type: 'object',
    properties: {
      name: { type: 'string', not: { enum: ['', '.', '..'] } },
      kind: { enum: ['file', 'dir'] },
      size: { type: 'integer' },
      notNull: { not: { type: 'null' } },
    },
    required: ['name', 'kind', 'notNull'],
    if: { properties: { kind: { const: 'file' } } },
    then: { required: ['size'], properties: { size: { minimum: 0 } } },
    else: { not: { required: ['size'] } },
  },
  '$ref with siblings and recursion (2020-12)': {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    $defs: {
      name: { type: 'string', minLength: 1 },
      node: {
        type: 'object',
        properties: { value: { type: 'integer' }, next: { $ref: '#/$defs/node' } },
        required: ['value'],
      },
    },
    properties: {
      short: { $ref: '#/$defs/name', maxLength: 4 },
      list: { $ref: '#/$defs/node' },
      either: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] },
    },
    required: ['short', 'list', 'either'],
  },
  'recursion through arrays and anyOf (draft-07 definitions)': {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    definitions: {
      expr: {
        anyOf: [
          { type: 'integer' },
          {
            type: 'object',
            properties: {
              op: { enum: ['+', '*'] },
              args: { type: 'array', items: { $ref: '#/definitions/expr' }, minItems: 2, maxItems: 2 },
            },
            required: ['op', 'args'],
          },
        ],
      },
    },
    properties: { expr: { $ref: '#/definitions/expr' } },
    required: ['expr'],
  },
  'defaults and examples that do and do not fit': {
    type: 'object',
    properties: {
      mode: { type: 'string', enum: ['fast', 'safe'], default: 'fast' },
      depth: { type: 'integer', minimum: 1, default: 0, examples: [2, 3, 'x'] },
    },
  },
  'unevaluatedProperties false with allOf (2020-12)': {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    allOf: [{ properties: { a: { type: 'string' } } }, { properties: { b: { type: 'boolean' } } }],
    unevaluatedProperties: false,
  },
  'zod-style nullable optional union': {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      filter: { anyOf: [{ type: 'object', additionalProperties: {} }, { type: 'null' }] },
      limit: { type: 'number', exclusiveMinimum: 0, maximum: 100 },
    },
    additionalProperties: false,
  },
};
