import { isAbsolute, resolve } from 'node:path';
import type { ToolSettings } from '../config/defineConfig.js';
import { SetupError } from '../model/setupError.js';
import type { LoadedConfig } from './loadConfig.js';
import type { CheckArguments } from './checkArguments.js';
import { resolveCommandPaths } from '../launch/resolveCommandPaths.js';
import { CONFIG_SETTINGS, configValue } from '../config/settingsInConfig.js';

/**
 * The effective `check` arguments: for every setting of the table with a config key, the config's value where
 * the command line gave none (`explicit` holds the options the user typed). Relative paths in the config
 * resolve against the config's directory; a command after `--` replaces the config's server. The values of a
 * repeatable setting (ignore patterns) add up.
 */
export function applyConfig(
  args: CheckArguments,
  explicit: ReadonlySet<string>,
  loaded: LoadedConfig | undefined,
): CheckArguments & { toolSettings?: Readonly<Record<string, ToolSettings>> } {
  if (loaded === undefined) {
    if (args.command === '' && args.clientConfig === undefined) throw noServer();
    return args;
  }
  const { config, directory } = loaded;
  const path = (value: string) => (isAbsolute(value) ? value : resolve(directory, value));
  let server: Pick<CheckArguments, 'command' | 'args'> = { command: args.command, args: args.args };
  if (args.command === '' && args.clientConfig === undefined) {
    if (config.server === undefined) throw noServer(loaded.file);
    const [command = config.server.command, ...rest] = resolveCommandPaths(
      [config.server.command, ...(config.server.args ?? [])],
      directory,
    );
    server = { command, args: rest };
  }
  // Each setting the config gives and the command line does not; a repeatable one's values add up.
  const settings = CONFIG_SETTINGS.flatMap(({ name, key, entry }) => {
    const value = configValue(config, key);
    if (value === undefined) return [];
    const given = args[name];
    if (entry.kind.repeatable) {
      return [
        [
          name,
          Array.isArray(value)
            ? [...(value as unknown[]), ...(given as unknown[])]
            : { ...value, ...(given as object) },
        ],
      ];
    }
    if (explicit.has(name)) return [];
    return [[name, entry.kind.path === undefined ? value : path(value as string)]];
  });
  return {
    ...args,
    config: loaded.file,
    ...server,
    ...(Object.fromEntries(settings) as Partial<CheckArguments>),
    env: { ...(config.server?.env ?? {}), ...args.env },
    ...(config.tools === undefined ? {} : { toolSettings: config.tools }),
  };
}

function noServer(configFile?: string): SetupError {
  return new SetupError(
    configFile === undefined
      ? 'No server to check: give its command after "--" (e.g. hintproof check -- node server.js {fs}), or write a config with "hintproof init".'
      : `No server to check: give its command after "--", or set server.command in ${configFile}.`,
  );
}
