import { dirname } from 'node:path';
import type { EgressAttempt, ServerProcess } from '../../../harness/process/index.js';
import { SpawnError } from '../../../harness/process/index.js';
import type { ServerSpec } from './serverSpec.js';
import { SetupError } from '../../model/setupError.js';
import { serverText } from '../../model/serverText.js';
import { initializeAnswer } from './initializeAnswer.js';
import { describeService, outsideServiceAdvice, outsideServices } from '../policy/outsideServices.js';

/** What else is known about a start that failed. */
export interface StartupContext {
  /** The server's traced attempts to reach outside the sandbox while it started. */
  readonly egress?: readonly EgressAttempt[];
  /** What the server had answered when it failed: nothing yet, or initialize (and tools/list failed). */
  readonly stage?: 'initialize' | 'tools/list';
  /** The run directory the server was started in (its `{fs}` is inside). */
  readonly sandbox?: string;
}

/** Explains why a server did not come up: what failed, what it printed, and what to do. */
export function startupFailure(
  spec: ServerSpec,
  server: ServerProcess | undefined,
  garbage: readonly string[],
  error: unknown,
  context: StartupContext = {},
): SetupError {
  if (error instanceof SpawnError) return new SetupError(error.message, { cause: error });
  const commandLine = [spec.command, ...spec.args].join(' ');
  const tail = server?.stderrTail() ?? '';
  const stderr = indentTail(tail);
  const status = server?.exitStatus();
  const services = servicesNote(context.egress ?? [], tail, spec.isolation !== undefined);
  if (garbage.length > 0) {
    return new SetupError(
      `The server wrote lines to stdout that are not MCP (JSON-RPC) messages:\n${garbage
        .map(quoteLine)
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
    const when =
      context.stage === 'tools/list'
        ? `after answering initialize, while hintproof listed its tools (${reasonOf(error)})`
        : 'before answering initialize';
    return new SetupError(
      `The server ${how} ${when}.\nCommand: ${commandLine}\n` +
        (stderr ? `Its stderr ended with:\n${stderr}\n` : 'It wrote nothing to stderr.\n') +
        (services ??
          nativeAddonNote(tail) ??
          sandboxPlaceNote(tail, context.sandbox) ??
          (/EACCES|permission denied/i.test(stderr) && spec.isolation
            ? "Isolated servers run as an unprivileged user (uid 65534) with your HOME hidden: make the server's " +
              'files readable by others (chmod o+rX), or use --no-isolation.'
            : 'Check the command, its arguments and the --env values it needs.')),
      { cause: error },
    );
  }
  const answer = initializeAnswer(error);
  if (answer !== undefined) {
    return new SetupError(
      `${answer.headline}\nCommand: ${commandLine}\n` +
        (stderr ? `Its stderr ended with:\n${stderr}\n` : 'It wrote nothing to stderr.\n') +
        answer.advice,
      { cause: error },
    );
  }
  return new SetupError(
    `The server did not complete initialize within ${spec.startupTimeoutSeconds}s (${reasonOf(error)}).\n` +
      `Command: ${commandLine}\n` +
      (stderr ? `Its stderr ended with:\n${stderr}\n` : 'It wrote nothing to stderr.\n') +
      (services ??
        'If it is slow to start, raise --startup-timeout; otherwise check that the command is an MCP server over stdio.'),
    { cause: error },
  );
}

/** A native addon a package's install scripts build or fetch (`node_sqlite3.node`, "bindings file"). */
const MISSING_ADDON =
  /Could not locate the bindings file|No native build was found|Cannot find module '[^'\n]*\.node'|NODE_MODULE_VERSION/;

/** What to do when the server could not load a native addon; else undefined. */
function nativeAddonNote(stderr: string): string | undefined {
  if (!MISSING_ADDON.test(stderr)) return undefined;
  return (
    'The server could not load a native addon (a .node file), which packages build or download in their ' +
    'install scripts. hintproof installs the package of an npx-style command with install scripts off: ' +
    're-run with --allow-install-scripts (they run on this machine, outside the sandbox), or install the ' +
    'package yourself and give its entry file as the command.'
  );
}

/**
 * When the server's last words name the sandbox (it refused its place: "Points to a system directory:
 * /tmp/…/run-0/fs"), how to give it another; else undefined.
 */
function sandboxPlaceNote(stderr: string, sandbox: string | undefined): string | undefined {
  if (sandbox === undefined || !stderr.includes(sandbox)) return undefined;
  const parent = dirname(dirname(sandbox));
  return (
    `Its message names the sandbox, made under ${parent}. If the server refuses paths there, give ` +
    'hintproof another place with --work-dir DIR (an existing directory).'
  );
}

/** Why the connection failed: the SDK's words, which quote the server's. */
function reasonOf(error: unknown): string {
  return serverText(error instanceof Error ? error.message : String(error));
}

/** The most of one line of the server's stderr or stdout a message quotes. */
const LINE_CHARS = 300;

/**
 * A line the server printed, quoted: after `  | `, so that no line of the message starts with what the server
 * chose, inert and bounded.
 */
function quoteLine(line: string): string {
  return `  | ${serverText(line, LINE_CHARS)}`;
}

/** The services outside the sandbox the server failed to reach while starting, and what to do; else undefined. */
function servicesNote(
  egress: readonly EgressAttempt[],
  stderr: string,
  isolated: boolean,
): string | undefined {
  const services = outsideServices(egress, stderr);
  if (services.length === 0) return undefined;
  return (
    `It tried to reach ${services.length === 1 ? 'a service' : 'services'} outside the sandbox:\n` +
    services.map((service) => `  ${describeService(service)}\n`).join('') +
    outsideServiceAdvice(services, isolated)
  );
}

function indentTail(text: string): string {
  const lines = text.trimEnd().split('\n').slice(-15);
  return lines
    .filter((line) => line !== '')
    .map(quoteLine)
    .join('\n');
}
