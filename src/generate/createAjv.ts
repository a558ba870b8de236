import AjvModule from 'ajv';
import type AjvCore from 'ajv/dist/core.js';
import Ajv2019Module from 'ajv/dist/2019.js';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { schemaDialect } from './schemaDialect.js';

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
 * An ajv instance for the schema's dialect (`schemaDialect`: from `$schema`, else from the keywords it uses,
 * else draft-07), with the standard formats. Not strict: servers send schemas with vendor keywords.
 */
export function createAjv(schema: unknown): AjvCore.default {
  const dialect = schemaDialect(schema);
  const options = { strict: false, allErrors: false, ownProperties: true };
  const ajv =
    dialect === '2020-12'
      ? new Ajv2020(options)
      : dialect === '2019-09'
        ? new Ajv2019(options)
        : new Ajv(options);
  addFormats(ajv);
  return ajv;
}
