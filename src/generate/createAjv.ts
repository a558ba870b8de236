import AjvModule from 'ajv';
import type AjvCore from 'ajv/dist/core.js';
import Ajv2019Module from 'ajv/dist/2019.js';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { schemaDialect, type Dialect } from './schemaDialect.js';

// ajv and ajv-formats are CommonJS modules that also set `exports.default`. TypeScript (NodeNext) types a default
// import as the whole `module.exports`; at run time a loader may hand over either form. Take `.default` when set.
function interopDefault<T>(module: { default: T }): T {
  return (module as { default?: T }).default ?? (module as unknown as T);
}

const Ajv = interopDefault(AjvModule);
const Ajv2019 = interopDefault(Ajv2019Module);
const Ajv2020 = interopDefault(Ajv2020Module);
const addFormats = interopDefault(addFormatsModule);

/**
 * A dialect's ajv, strict off (servers send vendor keywords), with the standard formats. Silent: ajv would warn
 * on the console about what a server's schema holds (`unknown format "json" ignored`, once per compile), and
 * nothing outside the CLI prints; an unknown format is only a string to the generator.
 */
function newAjv(dialect: Dialect, validateSchema: boolean): AjvCore.default {
  const options = {
    strict: false,
    allErrors: false,
    ownProperties: true,
    validateSchema,
    logger: false as const,
  };
  const ajv =
    dialect === '2020-12'
      ? new Ajv2020(options)
      : dialect === '2019-09'
        ? new Ajv2019(options)
        : new Ajv(options);
  addFormats(ajv);
  return ajv;
}

/**
 * One ajv per dialect that only checks schemas against their meta-schema. A fresh ajv compiles its meta-schema
 * on the first schema it checks (~10 ms each time); this one compiles it once per process. It never adds or
 * compiles the schemas it checks, so it does not grow.
 */
const metaCheckers = new Map<Dialect, AjvCore.default>();

/**
 * An ajv instance for the schema's dialect (`schemaDialect`: from `$schema`, else from the keywords it uses,
 * else draft-07), with the standard formats. Not strict: servers send schemas with vendor keywords. It does not
 * check schemas against the meta-schema itself: call `assertValidSchema` before `compile` or `addSchema`.
 */
export function createAjv(schema: unknown): AjvCore.default {
  return newAjv(schemaDialect(schema), false);
}

/**
 * Throws what ajv would throw on compiling `schema` (`schema is invalid: …`, a `$schema` that is not a string or
 * names no known meta-schema) when it does not satisfy its meta-schema. `dialectOf` is the document whose dialect
 * applies: the tool's whole input schema for a subschema of it.
 */
export function assertValidSchema(schema: unknown, dialectOf: unknown = schema): void {
  const dialect = schemaDialect(dialectOf);
  let checker = metaCheckers.get(dialect);
  if (checker === undefined) {
    checker = newAjv(dialect, true);
    metaCheckers.set(dialect, checker);
  }
  // A meta-schema is never async: this returns a boolean, and throws rather than return false.
  void checker.validateSchema(schema as AjvCore.AnySchema, true);
}
