import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { parse, printParseErrorCode } from 'jsonc-parser';
import type { ParseError } from 'jsonc-parser';
import { SetupError } from '../model/setupError.js';
import { isSecretLike, isSecretValue } from './secretValues.js';

/** One server entry of an MCP client config, with its variables resolved. */
export interface ClientServer {
  readonly name: string;
  /** `stdio` servers have a command; `http` and `sse` ones a URL, which hintproof cannot sandbox. */
  readonly transport: 'stdio' | 'http' | 'sse';
  readonly command?: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly url?: string;
  /** The entry's working directory, when it names one. */
  readonly cwd?: string;
  /**
   * Values never to print or save: every env value, the passwords of URLs, and what `${env:…}` and
   * `${input:…}` put into the command or its arguments.
   */
  readonly secrets: readonly string[];
}

/** A client config file as read: which client's layout it had, and its servers in file order. */
export interface ClientConfig {
  readonly file: string;
  /** `mcpServers` (Claude Desktop, Cursor, a project .mcp.json) or `servers` (VS Code's mcp.json). */
  readonly layout: 'mcpServers' | 'servers';
  readonly servers: readonly ClientServer[];
}

export interface ClientConfigOptions {
  /** The caller's environment, for `${env:NAME}` (VS Code, Cursor). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string;
}

/**
 * Reads an MCP client config: Claude Desktop's claude_desktop_config.json and Cursor's .cursor/mcp.json
 * (`mcpServers`), a project's .mcp.json (the same), VS Code's .vscode/mcp.json (`servers`, with `type` and
 * `inputs`) or a VS Code settings.json (`mcp.servers`). Comments and trailing commas are allowed (JSONC).
 * Variables are resolved: `${workspaceFolder}` (the folder holding .vscode / .cursor, else the file's),
 * `${userHome}`, `${env:NAME}`, `${input:id}` (from `inputs`; else the input's default; else a stand-in
 * value: the sandbox has no network, so real credentials buy nothing). Throws SetupError saying what is wrong.
 */
export function readClientConfig(path: string, options: ClientConfigOptions): ClientConfig {
  const file = resolve(path);
  if (!existsSync(file)) {
    throw new SetupError(
      `--client-config ${path}: no such file (resolved to ${file}). Give the path of your client's MCP config, ` +
        'e.g. ~/.config/Claude/claude_desktop_config.json, .vscode/mcp.json, .cursor/mcp.json or .mcp.json.',
    );
  }
  const errors: ParseError[] = [];
  const text = readFileSync(file, 'utf8');
  const root = parse(text, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length > 0) {
    const first = errors[0] as ParseError;
    const line = text.slice(0, first.offset).split('\n').length;
    throw new SetupError(
      `--client-config ${file} is not valid JSON: ${printParseErrorCode(first.error)} on line ${line}. ` +
        'Fix the file (your MCP client would not read it either).',
    );
  }
  const found = serverTable(root);
  if (found === undefined) {
    throw new SetupError(
      `--client-config ${file} has no MCP servers: expected an object with "mcpServers" (Claude Desktop, ` +
        'Cursor, .mcp.json) or "servers" (VS Code mcp.json).',
    );
  }
  const inputs = inputDefaults(found.inputs);
  const workspace = workspaceFolder(file);
  const servers = Object.entries(found.servers).map(([name, entry]) => {
    const secrets = new Set<string>();
    const expand = (value: string): string =>
      value.replace(/\$\{([^}]+)\}/g, (whole, variable: string) => {
        if (variable === 'workspaceFolder') return workspace;
        if (variable === 'userHome') return options.home;
        if (variable.startsWith('env:')) {
          const value = options.env[variable.slice(4)] ?? '';
          if (isSecretValue(variable.slice(4), value)) secrets.add(value);
          return value;
        }
        if (!variable.startsWith('input:')) return whole;
        // An input is what VS Code prompts for: a token or a password, as a rule.
        const input = inputs[variable.slice(6)] ?? `hintproof-input-${variable.slice(6)}`;
        secrets.add(input);
        return input;
      });
    const server = readServer(file, name, entry, expand);
    for (const [key, value] of Object.entries(server.env)) if (isSecretValue(key, value)) secrets.add(value);
    for (const word of [...server.args, ...Object.values(server.env), server.url ?? '']) {
      const password = urlPassword(word);
      if (password !== undefined) secrets.add(password);
    }
    return { ...server, secrets: [...secrets].filter(isSecretLike) };
  });
  return { file, layout: found.layout, servers };
}

function serverTable(
  root: unknown,
): { layout: ClientConfig['layout']; servers: Record<string, unknown>; inputs?: unknown } | undefined {
  if (!isRecord(root)) return undefined;
  if (isRecord(root.mcpServers)) return { layout: 'mcpServers', servers: root.mcpServers };
  if (isRecord(root.servers)) return { layout: 'servers', servers: root.servers, inputs: root.inputs };
  if (isRecord(root.mcp) && isRecord(root.mcp.servers)) {
    return { layout: 'servers', servers: root.mcp.servers, inputs: root.mcp.inputs };
  }
  return undefined;
}

function readServer(
  file: string,
  name: string,
  entry: unknown,
  expand: (value: string) => string,
): Omit<ClientServer, 'secrets'> {
  const wrong = (what: string) =>
    new SetupError(`--client-config ${file}: server "${name}" ${what}. Fix the entry in the file.`);
  if (!isRecord(entry)) throw wrong('is not an object');
  const strings = (value: unknown, field: string): string[] => {
    if (value === undefined) return [];
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
      throw wrong(`has "${field}" that is not a list of strings`);
    }
    return value.map(expand);
  };
  const env: Record<string, string> = {};
  if (entry.env !== undefined) {
    if (!isRecord(entry.env)) throw wrong('has "env" that is not an object');
    for (const [key, value] of Object.entries(entry.env)) {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        throw wrong(`has env ${key} that is not a string`);
      }
      env[key] = expand(String(value));
    }
  }
  const envFile = typeof entry.envFile === 'string' ? expand(entry.envFile) : undefined;
  if (envFile !== undefined) {
    // The entry's own env wins over its envFile.
    for (const [key, value] of Object.entries(readEnvFile(resolve(dirname(file), envFile), wrong))) {
      env[key] ??= value;
    }
  }
  const url = typeof entry.url === 'string' ? expand(entry.url) : undefined;
  const type = entry.type;
  const transport =
    type === 'http' || type === 'streamable-http' || type === 'streamableHttp'
      ? 'http'
      : type === 'sse'
        ? 'sse'
        : url !== undefined && entry.command === undefined
          ? 'http'
          : 'stdio';
  if (transport === 'stdio' && (typeof entry.command !== 'string' || entry.command === '')) {
    throw wrong('has no "command"');
  }
  const cwd = typeof entry.cwd === 'string' ? expand(entry.cwd) : undefined;
  return {
    name,
    transport,
    ...(typeof entry.command === 'string' ? { command: expand(entry.command) } : {}),
    args: strings(entry.args, 'args'),
    env,
    ...(url === undefined ? {} : { url }),
    ...(cwd === undefined ? {} : { cwd: isAbsolute(cwd) ? cwd : resolve(dirname(file), cwd) }),
  };
}

/** `${input:id}` values: the inputs' defaults (hintproof asks nothing). */
function inputDefaults(inputs: unknown): Readonly<Record<string, string>> {
  const values: Record<string, string> = {};
  if (Array.isArray(inputs)) {
    for (const input of inputs) {
      if (isRecord(input) && typeof input.id === 'string' && typeof input.default === 'string') {
        values[input.id] = input.default;
      }
    }
  }
  return values;
}

/** The password of a URL with credentials (`postgres://user:secret@host/db`). */
function urlPassword(word: string): string | undefined {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/:@\s]*:([^@/\s]+)@/i.exec(word);
  return match?.[1];
}

/** Worth redacting: not empty, not a flag-like constant (`true`, `0`, `stdio`). */
/** The workspace a config belongs to: the folder above `.vscode/` or `.cursor/`, else the file's folder. */
function workspaceFolder(file: string): string {
  const folder = dirname(file);
  return ['.vscode', '.cursor'].includes(basename(folder)) ? dirname(folder) : folder;
}

function readEnvFile(path: string, wrong: (what: string) => SetupError): Record<string, string> {
  if (!existsSync(path)) throw wrong(`names envFile ${path}, which does not exist`);
  const env: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match === null) continue;
    const [, key, raw = ''] = match;
    env[key as string] = raw.replace(/^(['"])(.*)\1$/, '$2');
  }
  return env;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
