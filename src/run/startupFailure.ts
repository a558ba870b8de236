import type { ServerProcess } from '../../harness/process/index.js';
import { SpawnError } from '../../harness/process/index.js';
import type { ServerSpec } from './session.js';
import { SetupError } from '../model/setupError.js';

/** Explains why a server did not come up: what failed, what it printed, and what to do. */
export function startupFailure(
  spec: ServerSpec,
  server: ServerProcess | undefined,
  garbage: readonly string[],
  error: unknown,
): SetupError {
  if (error instanceof SpawnError) return new SetupError(error.message, { cause: error });
  const commandLine = [spec.command, ...spec.args].join(' ');
  const stderr = indentTail(server?.stderrTail() ?? '');
  const status = server?.exitStatus();
  if (garbage.length > 0) {
    return new SetupError(
      `The server wrote lines to stdout that are not MCP (JSON-RPC) messages:\n${garbage
        .map((line) => `  ${line}`)
        .join('\n')}\n` +
        `Command: ${commandLine}\n` +
        'An MCP server over stdio writes only JSON-RPC messages to stdout (logs belong on stderr). ' +
        'Is this command an MCP server, and does it need an argument such as "stdio"?' +
        (stderr ? `\nIts stderr ended with:\n${stderr}` : ''),
      { cause: error },
    );
  }
  if (status !== undefined) {
    const how = status.signal ? `was killed by ${status.signal}` : `exited with code ${status.code}`;
    return new SetupError(
      `The server ${how} before answering initialize.\nCommand: ${commandLine}\n` +
        (stderr ? `Its stderr ended with:\n${stderr}\n` : 'It wrote nothing to stderr.\n') +
        (/EACCES|permission denied/i.test(stderr) && spec.isolation
          ? "Isolated servers run as an unprivileged user (uid 65534) with your HOME hidden: make the server's " +
            'files readable by others (chmod o+rX), or use --no-isolation.'
          : 'Check the command, its arguments and the --env values it needs.'),
      { cause: error },
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new SetupError(
    `The server did not complete initialize within ${spec.startupTimeoutSeconds}s (${reason}).\n` +
      `Command: ${commandLine}\n` +
      (stderr ? `Its stderr ended with:\n${stderr}\n` : 'It wrote nothing to stderr.\n') +
      'If it is slow to start, raise --startup-timeout; otherwise check that the command is an MCP server over stdio.',
    { cause: error },
  );
}

function indentTail(text: string): string {
  const lines = text.trimEnd().split('\n').slice(-15);
  return lines
    .filter((line) => line !== '')
    .map((line) => `  ${line}`)
    .join('\n');
}
