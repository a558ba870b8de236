import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import AjvModule from 'ajv';
import type { ErrorObject } from 'ajv';
import { CONFIG_SCHEMA } from '../config/configSchema.js';
import type { HintproofConfig } from '../config/defineConfig.js';
import { SetupError } from '../model/setupError.js';
import { CONFIG_NAMES } from '../config/configNames.js';

export interface LoadedConfig {
  readonly file: string;
  /** Relative paths in the config resolve against this directory. */
  readonly directory: string;
  readonly config: HintproofConfig;
}

// ajv is CommonJS with `exports.default`: take `.default` when the loader hands over module.exports.
const Ajv =
  (AjvModule as unknown as { default?: typeof AjvModule.default }).default ??
  (AjvModule as unknown as typeof AjvModule.default);

/** Finds, loads (TypeScript through jiti) and validates the config; `undefined` when there is none. */
export async function loadConfig(
  explicit: string | undefined,
  cwd: string,
): Promise<LoadedConfig | undefined> {
  const file =
    explicit !== undefined
      ? resolve(cwd, explicit)
      : CONFIG_NAMES.map((name) => join(cwd, name)).find(existsSync);
  if (file === undefined) return undefined;
  if (!existsSync(file)) {
    throw new SetupError(
      `--config ${explicit}: no such file (resolved to ${file}). Create one with "hintproof init".`,
    );
  }
  let loaded: unknown;
  try {
    loaded =
      extname(file) === '.json'
        ? JSON.parse(readFileSync(file, 'utf8'))
        : await (await import('jiti')).createJiti(import.meta.url).import(file, { default: true });
  } catch (error) {
    throw new SetupError(`Could not load the config ${file}: ${(error as Error).message}`, { cause: error });
  }
  const validate = new Ajv({ allErrors: true, strict: false }).compile(CONFIG_SCHEMA);
  if (!validate(loaded)) {
    const problems = (validate.errors ?? []).map(
      (e: ErrorObject) =>
        `  config${e.instancePath.replace(/\//g, '.')} ${e.message ?? 'is invalid'}${'additionalProperty' in e.params ? `: "${String(e.params.additionalProperty)}"` : ''}`,
    );
    throw new SetupError(
      `The config ${file} is not valid:\n${[...new Set(problems)].join('\n')}\n` +
        'See the starter written by "hintproof init" for every setting.',
    );
  }
  return { file, directory: dirname(file), config: loaded as HintproofConfig };
}
