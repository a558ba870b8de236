import { assertValidSchema, createAjv } from './createAjv.js';
import { aliasProto, mentionsProto } from './protoKeys.js';
import { isSchemaObject } from './schemaObject.js';
import { UnsupportedSchemaError } from './unsupportedSchemaError.js';

/**
 * Whether a value satisfies a schema object: any subschema of the root document, or a schema that generation
 * put together (an `allOf` merged, a branch of `anyOf` with its siblings). `pointer` only names the place in
 * errors.
 */
export type SchemaValidator = (value: unknown, schema: unknown, pointer: string) => boolean;

const ROOT_KEY = 'hintproof:arguments';

/**
 * Validates values against schemas taken from (or built out of) `root`: local `$ref`s (`#/$defs/x`) are
 * rewritten to point into the root document, so they resolve wherever the subschema came from. Each schema
 * object is compiled once, on first use; throws `UnsupportedSchemaError` when ajv rejects it.
 */
export function createSchemaValidator(sentRoot: unknown): SchemaValidator {
  // ajv ignores a property named `__proto__`: such schemas and their values are validated with it renamed.
  const aliased = mentionsProto(sentRoot);
  const alias = (value: unknown, schema: boolean) => (aliased ? aliasProto(value, schema) : value);
  const root = alias(sentRoot, true);
  const ajv = createAjv(root);
  let added = false;
  const compiled = new WeakMap<object, (value: unknown) => boolean>();
  return (value, schema, pointer) => {
    if (typeof schema === 'boolean') return schema;
    if (!isSchemaObject(schema)) return false;
    let validate = compiled.get(schema);
    if (validate === undefined) {
      try {
        if (!added) {
          assertValidSchema(root);
          ajv.addSchema(root as object, ROOT_KEY);
        }
        added = true;
        const rewritten = absoluteRefs(alias(schema, true)) as object;
        assertValidSchema(rewritten, root);
        const found = ajv.compile(rewritten);
        validate = (candidate) => {
          try {
            return found(alias(candidate, false)) === true;
          } catch {
            // ajv's deep equality throws on objects with an own `valueOf` or `toString` member: not usable.
            return false;
          }
        };
      } catch (error) {
        throw new UnsupportedSchemaError(pointer, `schema rejected by ajv (${messageOf(error)})`);
      }
      compiled.set(schema, validate);
    }
    return validate(value);
  };
}

/** A copy with `$ref: "#/…"` pointing into the root document, and no `$schema`/`$id` of its own. */
function absoluteRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(absoluteRefs);
  if (!isSchemaObject(schema)) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || key === '$id') continue;
    const rewritten =
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? `${ROOT_KEY}${value}`
        : // `enum`, `const`, `default` and `examples` hold data, not schemas.
          ['enum', 'const', 'default', 'examples'].includes(key)
          ? value
          : absoluteRefs(value);
    Object.defineProperty(copy, key, {
      value: rewritten,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
