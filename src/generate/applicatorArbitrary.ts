import fc from 'fast-check';
import { mergeSchemas } from './mergeSchemas.js';
import { RecursionLimitError } from './recursionLimitError.js';
import type { SchemaBuilder } from './schemaBuilder.js';
import { pointerOf } from './schemaLocation.js';
import type { SchemaLocation } from './schemaLocation.js';

/** A subschema with the `$ref`s at its top resolved, and the location that records their expansion. */
export interface Dereferenced {
  readonly schema: unknown;
  readonly location: SchemaLocation;
}
import type { SchemaObject } from './schemaObject.js';
import { UnsupportedSchemaError } from './unsupportedSchemaError.js';

/**
 * Candidates for a schema with `allOf`, `anyOf`, `oneOf`, `if`/`then`/`else` or `not`, one applicator at a
 * time (the built candidates handle the rest): `allOf` merged into its siblings; `anyOf`/`oneOf` one branch
 * merged with the siblings; `if` as the `if`+`then` case or the `else` case; `not` its siblings alone. The caller
 * filters the candidates against the whole schema, which makes `oneOf` exactly one and `not` hold. `deref`
 * resolves a `$ref` at the top of a branch, so merges see what it points to.
 */
export function applicatorArbitrary(
  schema: SchemaObject,
  at: SchemaLocation,
  build: SchemaBuilder,
  deref: (branch: unknown, at: SchemaLocation) => Dereferenced,
): fc.Arbitrary<unknown> {
  /** The siblings merged with the (dereferenced) parts, built where every `$ref` expanded so far counts. */
  const merged = (rest: SchemaObject, parts: readonly unknown[]): fc.Arbitrary<unknown> => {
    const resolved = parts.map((part) => deref(part, at));
    const location = { ...at, expandingRefs: resolved.flatMap((part) => part.location.expandingRefs) };
    return build(resolved.map((part) => part.schema).reduce(mergeSchemas, rest), location);
  };
  if (Array.isArray(schema.allOf)) return merged(without(schema, ['allOf']), schema.allOf as unknown[]);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    const rest = without(schema, [keyword]);
    return oneOfBuildable(
      (branches as unknown[]).map((branch) => () => merged(rest, [branch])),
      keyword,
      at,
    );
  }
  if (Object.hasOwn(schema, 'if')) {
    const rest = without(schema, ['if', 'then', 'else']);
    const cases = [
      () => merged(rest, [schema.if, schema.then ?? true]),
      () => merged(rest, [schema.else ?? true]),
    ];
    return oneOfBuildable(cases, 'if', at);
  }
  return build(without(schema, ['not', 'then', 'else']), at);
}

/** The branches that can be built (an unsatisfiable or endlessly recursive one is skipped), as one arbitrary. */
function oneOfBuildable(
  branches: ReadonlyArray<() => fc.Arbitrary<unknown>>,
  keyword: string,
  at: SchemaLocation,
): fc.Arbitrary<unknown> {
  const built: Array<fc.Arbitrary<unknown>> = [];
  let first: unknown;
  for (const branch of branches) {
    try {
      built.push(branch());
    } catch (error) {
      if (!(error instanceof UnsupportedSchemaError)) throw error;
      first ??= error;
    }
  }
  if (built.length === 0) {
    if (!(first instanceof UnsupportedSchemaError)) {
      throw new UnsupportedSchemaError(pointerOf(at), `an empty "${keyword}", which no value satisfies`);
    }
    const Failure = first instanceof RecursionLimitError ? RecursionLimitError : UnsupportedSchemaError;
    throw new Failure(first.pointer, `no "${keyword}" branch can be generated: ${first.construct}`);
  }
  return built.length === 1
    ? (built[0] as fc.Arbitrary<unknown>)
    : fc.oneof({ withCrossShrink: true }, ...built);
}

/** A copy without the given keywords (own properties kept as own, even `__proto__`). */
export function without(schema: SchemaObject, keywords: readonly string[]): SchemaObject {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!keywords.includes(key))
      Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}
