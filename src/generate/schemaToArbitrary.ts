import fc from 'fast-check';
import { applicatorArbitrary, without } from './applicatorArbitrary.js';
import type { Dereferenced } from './applicatorArbitrary.js';
import { arrayArbitrary } from './arrayArbitrary.js';
import { asSent } from './asSent.js';
import { boundedFilter } from './boundedFilter.js';
import type { GenerationContext } from './generationContext.js';
import { mergeSchemas } from './mergeSchemas.js';
import { multipleOfArbitrary } from './multipleOfArbitrary.js';
import { integerArbitrary, numberArbitrary } from './numberArbitrary.js';
import { objectArbitrary } from './objectArbitrary.js';
import { storedRecordArbitrary } from './recordFit.js';
import type { SchemaBuilder } from './schemaBuilder.js';
import { APPLICATORS, isSchemaType, needsFilter, typesImpliedByKeywords } from './schemaKeywords.js';
import type { SchemaType } from './schemaKeywords.js';
import { pointerOf, resolveLocalRef, ROOT_LOCATION } from './schemaLocation.js';
import type { SchemaLocation } from './schemaLocation.js';
import { isSchemaObject } from './schemaObject.js';
import type { SchemaObject } from './schemaObject.js';
import { createSchemaValidator } from './schemaValidator.js';
import type { SchemaValidator } from './schemaValidator.js';
import { liveIntegerArbitrary } from './liveIntegerArbitrary.js';
import { isIntegerIdName, liveRecord } from './seenValues.js';
import { scalarUnion } from './scalarUnion.js';
import { stringArbitrary } from './stringArbitrary.js';
import { UnsupportedSchemaError } from './unsupportedSchemaError.js';

/** Keywords next to `$ref` that change nothing about the values to generate. */
const REF_SIBLINGS = new Set([
  '$ref', '$schema', '$id', '$comment', '$defs', 'definitions', '$anchor', 'title', 'description', 'default',
  'examples', 'deprecated', 'readOnly', 'writeOnly',
]); // prettier-ignore

/**
 * Untyped schemas without constraints accept any JSON value; keep those values small. `fc.jsonValue` may hold
 * -0, which JSON turns into 0: generate what the server receives.
 */
const ANY_JSON = fc.jsonValue({ maxDepth: 2 }).map((value) => asSent(value)?.value ?? null);

/**
 * Converts a JSON Schema (draft-07, 2019-09 or 2020-12) into a fast-check arbitrary of values that the schema
 * accepts. Built directly: `type` (one or several, `null` included), `enum`, `const`, objects (`properties`,
 * `required`, `additionalProperties`, `patternProperties`, `propertyNames`, `minProperties`,
 * `dependentRequired`), arrays (`items`, `prefixItems`, `minItems`/`maxItems`, `uniqueItems`, `contains`),
 * strings (lengths, `pattern` via `fc.stringMatching`, known `format`s), numbers (bounds, `multipleOf`), local
 * `$ref`s (recursion bounded, see `MAX_REF_DEPTH`), `allOf` (merged), `anyOf`, `oneOf`, `if`/`then`/`else`,
 * `not`; `default` and `examples` that the schema accepts are preferred values. What is only aimed at is
 * filtered with ajv on a bounded budget (see `boundedFilter`). Throws `UnsupportedSchemaError` naming the
 * construct and its JSON pointer when a (sub)schema is unsatisfiable or too hard.
 */
export function schemaToArbitrary(schema: unknown, context: GenerationContext): fc.Arbitrary<unknown> {
  let validator: SchemaValidator | undefined;
  const accepts = (value: unknown, subschema: unknown, at: SchemaLocation): boolean => {
    validator ??= createSchemaValidator(schema);
    return validator(value, subschema, pointerOf(at));
  };
  /** A branch with `$ref` at its top, resolved and merged with its siblings (recursion bounded). */
  const deref = (branch: unknown, at: SchemaLocation): Dereferenced => {
    if (!isSchemaObject(branch) || !Object.hasOwn(branch, '$ref')) return { schema: branch, location: at };
    if (typeof branch.$ref !== 'string') {
      throw new UnsupportedSchemaError(pointerOf(at), 'a "$ref" that is not a string');
    }
    const target = resolveLocalRef(schema, branch.$ref, at);
    const inner = deref(target.schema, { ...target.location, tokens: at.tokens });
    return { schema: mergeSchemas(inner.schema, without(branch, ['$ref'])), location: inner.location };
  };
  // Stored rows and documents are drawn on whole (see `storedRecordArbitrary`), never as single values.
  const records = context.harvested.filter((entry) => entry.kind === 'record');
  const harvested = context.harvested.filter((entry) => entry.kind !== 'record');
  // Column names of the sandbox's tables: keys of free-form objects (`data`, `conditions`) that name columns.
  const columns = [
    ...new Set(
      harvested.flatMap((entry) =>
        entry.kind === 'relation' && entry.relation ? entry.relation.columns.map((c) => c.name) : [],
      ),
    ),
  ];
  const build: SchemaBuilder = (subschema, at) => {
    if (subschema === true) return ANY_JSON;
    if (subschema === false) {
      throw new UnsupportedSchemaError(pointerOf(at), 'schema false, which no value satisfies');
    }
    if (!isSchemaObject(subschema)) {
      throw new UnsupportedSchemaError(
        pointerOf(at),
        `schema that is neither an object nor a boolean (received ${JSON.stringify(subschema)})`,
      );
    }
    if (at.tokens.length > 0 && Object.hasOwn(subschema, '$id')) {
      throw new UnsupportedSchemaError(pointerOf(at), 'unsupported keyword "$id" below the root');
    }
    if (Object.hasOwn(subschema, '$ref')) return referenced(subschema, at);
    const whole = (value: unknown): boolean => accepts(value, subschema, at);
    const constants = constantsOf(subschema, at, whole);
    if (constants !== undefined) return constants;
    const applicator = APPLICATORS.find((keyword) => Object.hasOwn(subschema, keyword));
    const core =
      applicator !== undefined
        ? boundedFilter(
            applicatorArbitrary(subschema, at, build, deref),
            whole,
            pointerOf(at),
            `"${applicator}"`,
          )
        : typed(subschema, at, whole);
    const preferred = preferredValues(subschema, whole);
    if (preferred.length === 0) return core;
    return fc.oneof({ arbitrary: fc.constantFrom(...preferred), weight: 1 }, { arbitrary: core, weight: 4 });
  };
  const referenced = (subschema: SchemaObject, at: SchemaLocation): fc.Arbitrary<unknown> => {
    const ref = subschema.$ref;
    if (typeof ref !== 'string') {
      throw new UnsupportedSchemaError(pointerOf(at), 'a "$ref" that is not a string');
    }
    const constraining = Object.keys(subschema).some((keyword) => !REF_SIBLINGS.has(keyword));
    const target = resolveLocalRef(schema, ref, at);
    if (!constraining) return build(target.schema, target.location);
    // Siblings of `$ref` apply too (2019-09+; draft-07 validators differ): both, as an `allOf`.
    return build({ allOf: [{ $ref: ref }, without(subschema, ['$ref'])] }, at);
  };
  const typed = (
    subschema: SchemaObject,
    at: SchemaLocation,
    whole: (value: unknown) => boolean,
  ): fc.Arbitrary<unknown> => {
    const types = typesOf(subschema, at);
    if (types === undefined) return ANY_JSON;
    const arbitraries = types.flatMap((type) => {
      try {
        return [{ type, arbitrary: typeArbitrary(type, subschema, at) }];
      } catch (error) {
        if (types.length > 1 && error instanceof UnsupportedSchemaError) return [];
        throw error;
      }
    });
    if (arbitraries.length === 0) return typeArbitrary(types[0] as SchemaType, subschema, at);
    const direct = scalarUnion(arbitraries, whole, pointerOf(at));
    return needsFilter(subschema) ? boundedFilter(direct, whole, pointerOf(at), 'the schema') : direct;
  };
  const typeArbitrary = (
    type: SchemaType,
    subschema: SchemaObject,
    at: SchemaLocation,
  ): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'object': {
        const object = objectArbitrary(subschema, at, build, columns);
        if (at.tokens.length === 0) {
          // The arguments may name a stored row together (a relation to delete), when one fits them; not
          // those of a call that builds state (a create wants what is not stored yet). One in four: a whole row
          // sent to an update (`rename_todo {id, title}`) changes nothing, and the rest must still try.
          const stored =
            context.building === true
              ? undefined
              : storedRecordArbitrary(subschema, records, object, (value) => accepts(value, subschema, at));
          return stored === undefined
            ? object
            : fc.oneof(
                { withCrossShrink: true },
                { arbitrary: object, weight: 3 },
                { arbitrary: stored, weight: 1 },
              );
        }
        if (context.live !== true) return object;
        // A nested object may also be one the run already saw whole (a relation to delete, an item to update).
        const record = liveRecord(object, (value) => accepts(value, subschema, at));
        return fc.oneof(
          { withCrossShrink: true },
          { arbitrary: object, weight: 1 },
          { arbitrary: record, weight: 1 },
        );
      }
      case 'array':
        return arrayArbitrary(subschema, at, build, context.building);
      case 'string':
        return stringArbitrary(
          subschema,
          at,
          harvested,
          (value) => accepts(value, subschema, at),
          context.live,
          context.tool,
          context.building,
        );
      case 'integer': {
        const integers =
          subschema.multipleOf !== undefined
            ? multipleOfArbitrary(subschema, at)
            : integerArbitrary(subschema, at);
        return context.live === true && at.propertyName !== undefined && isIntegerIdName(at.propertyName)
          ? liveIntegerArbitrary(integers, (value) => accepts(value, subschema, at), at.propertyName)
          : integers;
      }
      case 'number':
        return subschema.multipleOf !== undefined
          ? multipleOfArbitrary(subschema, at)
          : numberArbitrary(subschema, at);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
    }
  };
  return build(schema, ROOT_LOCATION);
}

/**
 * `const` or `enum` values, as sent, that the whole subschema accepts (ajv checks the other keywords on them),
 * or `undefined` when the subschema has neither.
 */
function constantsOf(
  schema: SchemaObject,
  at: SchemaLocation,
  accepts: (value: unknown) => boolean,
): fc.Arbitrary<unknown> | undefined {
  let values: unknown[];
  if (Object.hasOwn(schema, 'const')) values = [schema.const];
  else if (Array.isArray(schema.enum)) values = schema.enum as unknown[];
  else if (schema.enum === undefined) return undefined;
  else throw new UnsupportedSchemaError(pointerOf(at), 'an "enum" that is not an array');
  const accepted = values.flatMap((value) => {
    const sent = asSent(value);
    return sent !== undefined && accepts(sent.value) ? [sent.value] : [];
  });
  if (accepted.length === 0) {
    const keyword = Object.hasOwn(schema, 'const') ? '"const"' : '"enum"';
    throw new UnsupportedSchemaError(
      pointerOf(at),
      `no value of ${keyword} that the rest of the schema accepts`,
    );
  }
  return fc.constantFrom(...accepted);
}

/** `default` and `examples` values, as sent, that the whole subschema accepts: tried alongside generated ones. */
function preferredValues(schema: SchemaObject, accepts: (value: unknown) => boolean): unknown[] {
  const candidates = [
    ...(Object.hasOwn(schema, 'default') ? [schema.default] : []),
    ...(Array.isArray(schema.examples) ? (schema.examples as unknown[]) : []),
  ];
  const seen = new Set<string>();
  return candidates.flatMap((candidate) => {
    const sent = asSent(candidate);
    if (sent === undefined || seen.has(JSON.stringify(sent.value)) || !accepts(sent.value)) return [];
    seen.add(JSON.stringify(sent.value));
    return [sent.value];
  });
}

/** The types to generate: `type` as given, or implied by the keywords; `undefined` for any JSON value. */
function typesOf(schema: SchemaObject, at: SchemaLocation): SchemaType[] | undefined {
  const declared = schema.type;
  if (declared === undefined) {
    const implied = typesImpliedByKeywords(schema);
    return implied.length === 0 ? undefined : implied;
  }
  const types: unknown[] = Array.isArray(declared) ? (declared as unknown[]) : [declared];
  const unknown = types.find((type) => !isSchemaType(type));
  if (unknown !== undefined) {
    throw new UnsupportedSchemaError(pointerOf(at), `unsupported type ${JSON.stringify(unknown)}`);
  }
  if (types.length === 0) throw new UnsupportedSchemaError(pointerOf(at), 'an empty "type" array');
  return [...new Set(types as SchemaType[])];
}
