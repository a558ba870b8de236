import fc from 'fast-check';
import { arrayArbitrary } from './arrayArbitrary.js';
import { asSent } from './asSent.js';
import type { GenerationContext } from './generationContext.js';
import { integerArbitrary, numberArbitrary } from './numberArbitrary.js';
import { objectArbitrary } from './objectArbitrary.js';
import type { SchemaBuilder } from './schemaBuilder.js';
import { firstUnsupportedKeyword, isSchemaType, typesImpliedByKeywords } from './schemaKeywords.js';
import type { SchemaType } from './schemaKeywords.js';
import { pointerOf, resolveLocalRef, ROOT_LOCATION } from './schemaLocation.js';
import type { SchemaLocation } from './schemaLocation.js';
import { isSchemaObject } from './schemaObject.js';
import type { SchemaObject } from './schemaObject.js';
import { stringArbitrary } from './stringArbitrary.js';
import { createSubschemaValidator } from './subschemaValidator.js';
import type { SubschemaValidator } from './subschemaValidator.js';
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
 * Converts a JSON Schema into a fast-check arbitrary of values that the schema accepts. Supports `type` (one or
 * several), `enum`, `const`, objects (`properties`, `required`), strings (`minLength`, `maxLength`; `format`
 * ignored), integers and numbers (inclusive and exclusive bounds), booleans, null, arrays (`items`, `minItems`,
 * `maxItems`), local `$ref`s, and offers a valid `default` alongside. Throws `UnsupportedSchemaError` naming the
 * construct and its JSON pointer for anything else that constrains values.
 */
export function schemaToArbitrary(schema: unknown, context: GenerationContext): fc.Arbitrary<unknown> {
  let validator: SubschemaValidator | undefined;
  const accepts: SubschemaValidator = (value, location) => {
    validator ??= createSubschemaValidator(schema);
    return validator(value, location);
  };
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
    const constants = constantsOf(subschema, at, accepts);
    if (constants !== undefined) return constants;
    const core = Object.hasOwn(subschema, '$ref') ? referenced(subschema, at) : typed(subschema, at);
    const fallback = Object.hasOwn(subschema, 'default') ? asSent(subschema.default) : undefined;
    if (fallback === undefined || !accepts(fallback.value, at)) return core;
    return fc.oneof({ arbitrary: fc.constant(fallback.value), weight: 1 }, { arbitrary: core, weight: 4 });
  };
  const referenced = (subschema: SchemaObject, at: SchemaLocation): fc.Arbitrary<unknown> => {
    const ref = subschema.$ref;
    if (typeof ref !== 'string') {
      throw new UnsupportedSchemaError(pointerOf(at), 'a "$ref" that is not a string');
    }
    const sibling = Object.keys(subschema).find((keyword) => !REF_SIBLINGS.has(keyword));
    if (sibling !== undefined) {
      throw new UnsupportedSchemaError(
        pointerOf(at),
        `unsupported keyword ${JSON.stringify(sibling)} next to "$ref"`,
      );
    }
    const target = resolveLocalRef(schema, ref, at);
    return build(target.schema, target.location);
  };
  const typed = (subschema: SchemaObject, at: SchemaLocation): fc.Arbitrary<unknown> => {
    const types = typesOf(subschema, at);
    const unsupported = firstUnsupportedKeyword(subschema, types ?? []);
    if (unsupported !== undefined) {
      throw new UnsupportedSchemaError(pointerOf(at), `unsupported keyword ${JSON.stringify(unsupported)}`);
    }
    if (types === undefined) return ANY_JSON;
    const arbitraries = types.map((type) => typeArbitrary(type, subschema, at));
    return arbitraries.length === 1 && arbitraries[0] !== undefined
      ? arbitraries[0]
      : fc.oneof(...arbitraries);
  };
  const typeArbitrary = (
    type: SchemaType,
    subschema: SchemaObject,
    at: SchemaLocation,
  ): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'object':
        return objectArbitrary(subschema, at, build);
      case 'array':
        return arrayArbitrary(subschema, at, build);
      case 'string':
        return stringArbitrary(subschema, at, context.pool);
      case 'integer':
        return integerArbitrary(subschema, at);
      case 'number':
        return numberArbitrary(subschema, at);
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
  accepts: SubschemaValidator,
): fc.Arbitrary<unknown> | undefined {
  let values: unknown[];
  if (Object.hasOwn(schema, 'const')) values = [schema.const];
  else if (Array.isArray(schema.enum)) values = schema.enum as unknown[];
  else if (schema.enum === undefined) return undefined;
  else throw new UnsupportedSchemaError(pointerOf(at), 'an "enum" that is not an array');
  const accepted = values.flatMap((value) => {
    const sent = asSent(value);
    return sent !== undefined && accepts(sent.value, at) ? [sent.value] : [];
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

/** The types to generate: `type` as given, or implied by the keywords; `undefined` for any JSON value. */
function typesOf(schema: SchemaObject, at: SchemaLocation): SchemaType[] | undefined {
  const declared = schema.type;
  if (declared === undefined) {
    const implied = typesImpliedByKeywords(schema);
    if (implied.length > 1) {
      throw new UnsupportedSchemaError(
        pointerOf(at),
        `no "type" next to keywords of ${implied.join(' and ')}`,
      );
    }
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
