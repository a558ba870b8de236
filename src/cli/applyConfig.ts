import { isAbsolute, resolve } from 'node:path';
import type { ToolSettings } from '../config/defineConfig.js';
import { SetupError } from '../model/setupError.js';
import type { LoadedConfig } from './loadConfig.js';
import type { CheckArguments } from './checkArguments.js';
import { resolveCommandPaths } from '../launch/resolveCommandPaths.js';

/**
 * The effective `check` arguments: the config's settings where the command line gave none (`explicit` holds
 * the options the user typed). Relative paths in the config resolve against the config's directory; a
 * command after `--` replaces the config's server. Ignore patterns add up.
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
  const path = (value: string | undefined) =>
    value === undefined || isAbsolute(value) ? value : resolve(directory, value);
  const pick = <K extends keyof CheckArguments>(
    key: K,
    value: CheckArguments[K] | undefined,
  ): Partial<CheckArguments> => (explicit.has(key) || value === undefined ? {} : { [key]: value });
  const pg =
    typeof config.environments?.pg === 'string' ? { seed: config.environments.pg } : config.environments?.pg;
  let server: Pick<CheckArguments, 'command' | 'args'> = { command: args.command, args: args.args };
  if (args.command === '' && args.clientConfig === undefined) {
    if (config.server === undefined) throw noServer(loaded.file);
    const [command = config.server.command, ...rest] = resolveCommandPaths(
      [config.server.command, ...(config.server.args ?? [])],
      directory,
    );
    server = { command, args: rest };
  }
  return {
    ...args,
    config: loaded.file,
    ...server,
    ...pick('fs', path(config.environments?.fs)),
    ...pick('sqlite', path(config.environments?.sqlite)),
    ...pick('home', path(config.environments?.home)),
    ...pick('pg', path(pg?.seed)),
    ...pick('pgProvider', pg?.provider),
    ...pick('pgUrl', pg?.url),
    ...pick('pgSuperuser', pg?.superuser),
    ...pick('runs', config.runs),
    ...pick('seed', config.seed),
    ...pick('timeout', config.timeout),
    ...pick('startupTimeout', config.startupTimeout),
    ...pick('clientName', config.client?.name),
    ...pick('clientVersion', config.client?.version),
    ...pick('reporter', config.reporter),
    ...pick('outputDir', path(config.outputDir)),
    ...pick('baseline', path(config.baseline)),
    env: { ...(config.server?.env ?? {}), ...args.env },
    ignore: [...(config.ignore ?? []), ...args.ignore],
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
