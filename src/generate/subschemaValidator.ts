import { createAjv } from './createAjv.js';
import { pointerOf } from './schemaLocation.js';
import type { SchemaLocation } from './schemaLocation.js';
import { UnsupportedSchemaError } from './unsupportedSchemaError.js';

/** Whether a value satisfies the subschema at a location of one schema document. */
export type SubschemaValidator = (value: unknown, location: Pick<SchemaLocation, 'tokens'>) => boolean;

const ROOT_KEY = 'hintproof:arguments';

/**
 * Validates values against subschemas of `root` (with `$ref`s resolved from the root), so that constants the
 * schema offers (`enum`, `const`, `default`) are used only when the whole subschema accepts them. Compiles each
 * subschema once, on first use; throws `UnsupportedSchemaError` when ajv rejects the schema.
 */
export function createSubschemaValidator(root: unknown): SubschemaValidator {
  const ajv = createAjv(root);
  let added = false;
  const compiled = new Map<string, (value: unknown) => boolean>();
  return (value, location) => {
    const pointer = pointerOf(location);
    let validate = compiled.get(pointer);
    if (validate === undefined) {
      try {
        if (!added) ajv.addSchema(root as object, ROOT_KEY);
        added = true;
        const found = ajv.getSchema(`${ROOT_KEY}${pointer}`);
        if (found === undefined) throw new Error(`no subschema at ${pointer}`);
        validate = (candidate) => {
          try {
            return found(candidate) === true;
          } catch {
            // ajv's deep equality throws on objects with an own `valueOf` or `toString` member: not usable.
            return false;
          }
        };
      } catch (error) {
        throw new UnsupportedSchemaError(pointer, `schema rejected by ajv (${messageOf(error)})`);
      }
      compiled.set(pointer, validate);
    }
    return validate(value);
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
