import fc from 'fast-check';
import type { HarvestedValue } from '../../harness/index.js';
import { boundedFilter } from './boundedFilter.js';
import { formatArbitrary } from './formatArbitrary.js';
import { assertOrdered, countKeyword, invalid } from './keywordValue.js';
import { patternArbitrary } from './patternArbitrary.js';
import { pointerOf } from './schemaLocation.js';
import type { SchemaLocation } from './schemaLocation.js';
import type { SchemaObject } from './schemaObject.js';
import { valueMix } from './valueMix.js';
import type { GenerationContext } from './generationContext.js';
import { schemaRole } from './propertyRole.js';
import { sqlArbitrary } from './sqlArbitrary.js';
import { carriesSql, namedLikeQuery, sqlIntent } from './sqlRole.js';

/**
 * Strings within `minLength`/`maxLength`, drawn from harvested and seen values as steered by the property name. A
 * `pattern` is generated with `fc.stringMatching`, a known `format` with fast-check's own arbitraries (email,
 * uri, uuid, date-time…); both are filtered (bounded) against the whole string schema and mixed with the harvested
 * values that satisfy it.
 */
export function stringArbitrary(
  schema: SchemaObject,
  at: SchemaLocation,
  harvested: readonly HarvestedValue[],
  accepts: (value: unknown) => boolean,
  live = false,
  tool?: GenerationContext['tool'],
  building = false,
): fc.Arbitrary<string> {
  const minLength = countKeyword(schema, 'minLength', at) ?? 0;
  const maxLength = countKeyword(schema, 'maxLength', at);
  assertOrdered({ keyword: 'minLength', value: minLength }, { keyword: 'maxLength', value: maxLength }, at);
  const pattern = schema.pattern;
  if (pattern !== undefined && typeof pattern !== 'string') throw invalid('pattern', 'a string', pattern, at);
  const lengths = { minLength, maxLength };
  const format = formatArbitrary(schema.format, schema.description);
  if (pattern === undefined && format === undefined) {
    const mixed = valueMix(
      harvested,
      at.propertyName,
      lengths,
      live,
      schemaRole(at.propertyName, schema, tool),
    );
    const strings = sqlFromSchema(schema, at, harvested, accepts, tool, mixed) ?? mixed;
    // A blank name or text builds nothing; live choices (objects until the call is made) are judged then.
    return building && (maxLength ?? 1) >= 1
      ? strings.filter((value) => typeof value !== 'string' || value.trim() !== '')
      : strings;
  }
  // The pattern (or format) is the stronger constraint: build from it, then filter the rest.
  const base = (pattern === undefined ? undefined : patternArbitrary(pattern)) ?? format;
  const what =
    pattern !== undefined ? `"pattern" ${JSON.stringify(pattern)}` : `"format" ${String(schema.format)}`;
  const candidates = base ?? valueMix(harvested, at.propertyName, lengths);
  const generated = boundedFilter(candidates, accepts, pointerOf(at), `${what} with its lengths`);
  const fitting = [...new Set(harvested.map((entry) => entry.value))].filter(accepts).sort();
  if (fitting.length === 0) return generated;
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: generated, weight: 3 },
    { arbitrary: fc.constantFrom(...fitting), weight: 1 },
  );
}

/**
 * For a property that carries SQL (see `carriesSql`) in a sandbox with a database: statements over its own
 * tables (`sqlArbitrary`) five times out of six, the usual strings otherwise; for one only named like a query
 * (`namedLikeQuery`: a search box or SQL), half the time. `undefined` when the property is neither, there is
 * no table, or no statement fits its lengths.
 */
function sqlFromSchema(
  schema: SchemaObject,
  at: SchemaLocation,
  harvested: readonly HarvestedValue[],
  accepts: (value: unknown) => boolean,
  tool: GenerationContext['tool'],
  otherwise: fc.Arbitrary<string>,
): fc.Arbitrary<string> | undefined {
  const sure = carriesSql(at.propertyName, schema, tool);
  if (!sure && !namedLikeQuery(at.propertyName)) return undefined;
  const relations = harvested.flatMap((entry) =>
    entry.kind === 'relation' && entry.relation ? [entry.relation] : [],
  );
  const routines = harvested.flatMap((entry) =>
    entry.kind === 'routine' && entry.routine ? [entry.routine] : [],
  );
  const statements = sqlArbitrary(relations, sqlIntent(tool), routines);
  if (statements === undefined) return undefined;
  try {
    const fitting = boundedFilter(statements, accepts, pointerOf(at), 'SQL built from the sandbox schema');
    return fc.oneof({ arbitrary: fitting, weight: sure ? 5 : 1 }, { arbitrary: otherwise, weight: 1 });
  } catch {
    return undefined;
  }
}
