import { assertValidSchema, createAjv } from './createAjv.js';
import { aliasProto, mentionsProto, unaliasProto } from './protoKeys.js';
import { UnsupportedSchemaError } from './unsupportedSchemaError.js';

/** The outcome of checking one set of arguments against a tool's input schema. */
type GuardResult = { valid: true } | { valid: false; errors: string };

/** Checks generated arguments against the tool's input schema before they are sent. */
export interface ArgumentGuard {
  validate(args: unknown): GuardResult;
}

/** Guards already compiled, by schema object: a check builds a tool's arguments for itself and as a producer. */
const compiledGuards = new WeakMap<object, ArgumentGuard>();

/**
 * Compiles a tool's input schema with ajv (dialect from `$schema`, standard formats, not strict), once per
 * schema object. Throws `UnsupportedSchemaError` with ajv's message when the schema does not compile.
 */
export function createArgumentGuard(inputSchema: unknown): ArgumentGuard {
  const cached = typeof inputSchema === 'object' && inputSchema !== null ? inputSchema : undefined;
  const known = cached === undefined ? undefined : compiledGuards.get(cached);
  if (known !== undefined) return known;
  const guard = compileGuard(inputSchema);
  if (cached !== undefined) compiledGuards.set(cached, guard);
  return guard;
}

function compileGuard(sent: unknown): ArgumentGuard {
  // ajv ignores a property named `__proto__`: such a schema and its arguments are validated with it renamed.
  const aliased = mentionsProto(sent);
  const inputSchema = aliased ? aliasProto(sent, true) : sent;
  const ajv = createAjv(inputSchema);
  let compiled: ReturnType<typeof ajv.compile>;
  try {
    if (
      typeof inputSchema !== 'boolean' &&
      (typeof inputSchema !== 'object' || inputSchema === null || Array.isArray(inputSchema))
    ) {
      throw new Error(`a schema must be an object or a boolean, received ${describe(inputSchema)}`);
    }
    assertValidSchema(inputSchema);
    compiled = ajv.compile(inputSchema);
  } catch (error) {
    throw new UnsupportedSchemaError('#', `schema rejected by ajv (${messageOf(error)})`);
  }
  return {
    validate(args) {
      try {
        if (compiled(aliased ? aliasProto(args, false) : args) === true) return { valid: true };
      } catch (error) {
        // ajv's deep equality (`enum`, `const`) throws on objects with an own `valueOf` or `toString` member.
        return { valid: false, errors: `arguments could not be validated: ${messageOf(error)}` };
      }
      return {
        valid: false,
        errors: unaliasProto(ajv.errorsText(compiled.errors, { dataVar: 'arguments' })),
      };
    },
  };
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
