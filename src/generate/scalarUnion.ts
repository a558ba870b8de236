import fc from 'fast-check';
import { boundedFilter } from './boundedFilter.js';
import type { SchemaType } from './schemaKeywords.js';
import { UnsupportedSchemaError } from './unsupportedSchemaError.js';

/** Types whose values a server that also takes a string usually parses it as. */
const PARSED_TYPES: ReadonlySet<SchemaType> = new Set(['boolean', 'integer', 'number']);

/**
 * The values of a schema with several types, one arbitrary per type. When a string is allowed next to a
 * boolean or a number (`"type": ["boolean", "string"]`, Zod's `z.coerce` and "true"/"false" unions), the
 * string is almost always that value written out, so the other types come twice as often as the string, and
 * the string is the other types' values as text ("true", "false", "42") three times in four, any string
 * otherwise. `accepts` judges the whole schema; text forms it rejects (a `pattern`, a `maxLength`) are not
 * offered. A single type, or a union without a string, is left as it is.
 */
export function scalarUnion(
  arbitraries: ReadonlyArray<{ readonly type: SchemaType; readonly arbitrary: fc.Arbitrary<unknown> }>,
  accepts: (value: unknown) => boolean,
  pointer: string,
): fc.Arbitrary<unknown> {
  const [only] = arbitraries;
  if (arbitraries.length === 1 && only !== undefined) return only.arbitrary;
  const parsed = arbitraries.filter(({ type }) => PARSED_TYPES.has(type));
  const text = arbitraries.find(({ type }) => type === 'string');
  if (text === undefined || parsed.length === 0) return fc.oneof(...arbitraries.map((a) => a.arbitrary));
  const forms = textForms(parsed, accepts, pointer);
  const string =
    forms === undefined
      ? text.arbitrary
      : fc.oneof({ arbitrary: forms, weight: 3 }, { arbitrary: text.arbitrary, weight: 1 });
  return fc.oneof(
    ...arbitraries.map(({ type, arbitrary }) =>
      type === 'string' ? { arbitrary: string, weight: 1 } : { arbitrary, weight: 2 },
    ),
  );
}

/** The parsed types' values as strings the schema accepts, or `undefined` when it accepts none. */
function textForms(
  parsed: ReadonlyArray<{ readonly type: SchemaType; readonly arbitrary: fc.Arbitrary<unknown> }>,
  accepts: (value: unknown) => boolean,
  pointer: string,
): fc.Arbitrary<string> | undefined {
  const written = fc.oneof(
    ...parsed.map(({ type, arbitrary }) =>
      type === 'boolean' ? fc.constantFrom('true', 'false') : arbitrary.map((value) => String(value)),
    ),
  );
  try {
    return boundedFilter(written, accepts, pointer, 'values written as text');
  } catch (error) {
    if (error instanceof UnsupportedSchemaError) return undefined;
    throw error;
  }
}
