import { homedir } from 'node:os';
import { readClientConfig } from '../config/clientConfig.js';
import type { ClientServer } from '../config/clientConfig.js';
import { intoSandbox, sandboxWord } from '../config/intoSandbox.js';
import { SetupError } from '../model/setupError.js';
import type { CheckArguments } from './checkArguments.js';
import { createRedactor } from './redactSecrets.js';
import { resolveCommandPaths } from '../launch/resolveCommandPaths.js';

/** The server a `check` runs, wherever it came from (after `--`, a hintproof config, a client config). */
export interface ServerToRun {
  /** The client config (absolute) and the server's name in it, for replay commands. */
  readonly file: string;
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** The server's environment from its client config, under the user's `--env` values. */
  readonly env: Readonly<Record<string, string>>;
  /** Never printed or saved (see `createRedactor`). */
  readonly secrets: readonly string[];
  /** Lines for stderr: what `--into-sandbox` changed, or host paths the server will only read. */
  readonly notes: readonly string[];
}

/**
 * The server `--client-config FILE [--server NAME]` names, with `--into-sandbox` and `--append-arg` applied.
 * Throws SetupError when the file has several servers and none was chosen (listing them), when the chosen
 * one does not exist, or when it is not a stdio server.
 */
export function serverFromClientConfig(
  args: CheckArguments,
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): ServerToRun {
  const file = args.clientConfig as string;
  if (args.command !== '') {
    throw new SetupError(
      `--client-config names the server to check, and so does the command after "--" (${args.command}): give one of them.`,
    );
  }
  const config = readClientConfig(resolveFrom(cwd, file), { env, home: env.HOME ?? homedir() });
  const server = chooseServer(config.file, config.servers, args.server);
  if (server.transport !== 'stdio' || server.command === undefined) {
    throw new SetupError(
      `--server ${server.name} is a ${server.transport} server at ${server.url ?? '(no url)'}: hintproof checks ` +
        'stdio servers, which it can run in a sandbox. Check a local stdio build of it instead.',
    );
  }
  const redirected = args.intoSandbox
    ? intoSandbox(server.args, server.env)
    : { args: [...server.args], env: { ...server.env }, redirects: [] };
  const notes = redirected.redirects.map((r) => `hintproof: --into-sandbox: ${r.where} ${r.from} → ${r.to}`);
  if (!args.intoSandbox) {
    const hostPaths = [...server.args, ...Object.values(server.env)].filter(
      (word) => sandboxWord(word) !== undefined,
    );
    if (hostPaths.length > 0) {
      notes.push(
        `hintproof: server "${server.name}" is given host paths or databases (${hostPaths.join(', ')}); ` +
          'pass --into-sandbox to give it the sandbox ({fs}, {pg}) instead.',
      );
    }
  }
  const base = server.cwd ?? cwd;
  const [command = server.command, ...rest] = resolveCommandPaths(
    [server.command, ...redirected.args, ...args.appendArg],
    base,
  );
  return {
    file: config.file,
    name: server.name,
    command,
    args: rest,
    env: redirected.env,
    secrets: server.secrets,
    notes,
  };
}

function chooseServer(
  file: string,
  servers: readonly ClientServer[],
  wanted: string | undefined,
): ClientServer {
  const redactor = createRedactor(servers.flatMap((server) => server.secrets));
  const listing = redactor.text(
    servers
      .map((server) => {
        const what =
          server.transport === 'stdio'
            ? [server.command, ...server.args].join(' ')
            : `(${server.transport}: not checkable) ${server.url ?? ''}`;
        return `  ${server.name}  ${what}`;
      })
      .join('\n'),
  );
  if (wanted !== undefined) {
    const found = servers.find((server) => server.name === wanted);
    if (found !== undefined) return found;
    throw new SetupError(`--server ${wanted}: ${file} has no such server. It has:\n${listing}`);
  }
  if (servers.length === 1) return servers[0] as ClientServer;
  if (servers.length === 0) throw new SetupError(`--client-config ${file} lists no servers.`);
  throw new SetupError(
    `--client-config ${file} has ${servers.length} servers; choose one with --server <name>:\n${listing}`,
  );
}

function resolveFrom(cwd: string, file: string): string {
  return file.startsWith('/') ? file : `${cwd}/${file}`;
}
