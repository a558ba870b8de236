import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { onExitCleanup } from './exitCleanup.js';
import { killedWithParent } from './parentDeath.js';
import { SpawnError, spawnError } from './spawnError.js';
import { TailBuffer } from './tailBuffer.js';

export { SpawnError } from './spawnError.js';

export interface SpawnOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  /** The complete environment of the server: nothing else of the caller's is passed. */
  readonly env: Readonly<Record<string, string>>;
}

interface ExitStatus {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** A server process in its own process group, so that disposing it ends the whole tree it started. */
export interface ServerProcess extends AsyncDisposable {
  readonly pid: number;
  readonly stdin: Writable;
  readonly stdout: Readable;
  /** Settles when the process has exited (never rejects). */
  readonly exited: Promise<ExitStatus>;
  /** The exit status, once it has exited. */
  exitStatus(): ExitStatus | undefined;
  /** The last few thousand characters the server wrote to stderr. */
  stderrTail(): string;
  /** Kills the whole process group (SIGTERM, then SIGKILL after `graceMs`) and waits for the exit. */
  kill(graceMs?: number): Promise<void>;
}

/**
 * Starts a server process detached into its own process group, with piped stdio, killed should hintproof die
 * (`killedWithParent`). Resolves once the process has been spawned; rejects with a SpawnError when the command
 * cannot be run.
 */
export async function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const started = killedWithParent(options);
  const child = spawn(started.command, [...started.args], {
    cwd: options.cwd,
    env: { ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error: NodeJS.ErrnoException) => reject(spawnError(options.command, error)));
  });
  const pid = child.pid;
  if (pid === undefined)
    throw new SpawnError(`Could not start "${options.command}": no process id.`, undefined);

  const stderr = new TailBuffer();
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => stderr.push(chunk));
  // A server that exits closes its pipes; writes to a closed stdin must not crash hintproof.
  child.stdin.on('error', () => {});

  let status: ExitStatus | undefined;
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signal) => {
      status = { code, signal };
      resolve(status);
    });
  });
  // Detached groups do not get the terminal's Ctrl-C: make sure none outlives hintproof.
  const unregister = onExitCleanup(() => signalGroup(pid, 'SIGKILL'));

  const kill = async (graceMs = 1000): Promise<void> => {
    if (status === undefined) {
      signalGroup(pid, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    // Children that ignored SIGTERM outlive their parent in the group: end them too.
    signalGroup(pid, 'SIGKILL');
    unregister();
  };

  return {
    pid,
    stdin: child.stdin,
    stdout: child.stdout,
    exited,
    exitStatus: () => status,
    stderrTail: () => stderr.toString(),
    kill,
    [Symbol.asyncDispose]: () => kill(),
  };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}
