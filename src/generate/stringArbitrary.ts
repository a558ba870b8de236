import type fc from 'fast-check';
import type { HarvestedValue } from '../../harness/index.js';
import { assertOrdered, countKeyword } from './keywordValue.js';
import type { SchemaLocation } from './schemaLocation.js';
import type { SchemaObject } from './schemaObject.js';
import { valuePool } from './valuePool.js';

/**
 * Strings within `minLength`/`maxLength`, drawn from the value pool as steered by the property name. `format`
 * is not generated for yet: values that miss it are left for the guard to reject.
 */
export function stringArbitrary(
  schema: SchemaObject,
  at: SchemaLocation,
  pool: readonly HarvestedValue[],
): fc.Arbitrary<string> {
  const minLength = countKeyword(schema, 'minLength', at) ?? 0;
  const maxLength = countKeyword(schema, 'maxLength', at);
  assertOrdered({ keyword: 'minLength', value: minLength }, { keyword: 'maxLength', value: maxLength }, at);
  return valuePool(pool, at.propertyName, { minLength, maxLength });
}
