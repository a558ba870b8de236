import { isSchemaObject } from './schemaObject.js';

export type Dialect = '2020-12' | '2019-09' | 'draft-07';

/** Keywords only 2020-12 has: a schema that uses them and names no dialect was written for 2020-12. */
const ONLY_2020 = ['prefixItems', '$dynamicRef', '$dynamicAnchor'] as const;

/** How far the keyword search looks: schemas nest a few levels; a hostile one may nest thousands. */
const MAX_DEPTH = 64;
const MAX_NODES = 10_000;

/**
 * Pure: the dialect a schema is validated and generated in. `$schema` decides when it names 2020-12 or 2019-09
 * (anything else is draft-07, ajv's default). A schema without `$schema` is draft-07, unless it uses a keyword
 * only 2020-12 has (`prefixItems`, `$dynamicRef`, `$dynamicAnchor`) and no draft-07 tuple form (`items` as an
 * array, `additionalItems`): read as draft-07, its `prefixItems` would be ignored and `items: false` would
 * forbid every element, so a tuple `{ prefixItems: [a, b, c], items: false, minItems: 3 }` could never be
 * satisfied.
 */
export function schemaDialect(schema: unknown): Dialect {
  if (isSchemaObject(schema) && typeof schema.$schema === 'string') {
    if (schema.$schema.includes('2020-12')) return '2020-12';
    if (schema.$schema.includes('2019-09')) return '2019-09';
    return 'draft-07';
  }
  const found = { modern: false, tupleForm: false };
  let nodes = 0;
  const visit = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || ++nodes > MAX_NODES || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const object = value as Record<string, unknown>;
    if (
      Array.isArray(object.prefixItems) ||
      ONLY_2020.some((k) => k !== 'prefixItems' && typeof object[k] === 'string')
    )
      found.modern = true;
    if (Array.isArray(object.items) || 'additionalItems' in object) found.tupleForm = true;
    for (const child of Object.values(object)) visit(child, depth + 1);
  };
  visit(schema, 0);
  return found.modern && !found.tupleForm ? '2020-12' : 'draft-07';
}
