import { spawn } from 'node:child_process';
import { closedPath, describeClosed, describeUser } from '../../process/reachable.js';

/**
 * Runs a program to its end; rejects with its output when it fails. When it cannot even start as `ids`
 * (EACCES), the message names the path closed to that user.
 */
export function runToEnd(
  command: string,
  args: readonly string[],
  ids: { uid?: number; gid?: number },
  label: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { ...ids, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) =>
      reject(new Error(`pg: ${label} could not start: ${why(command, ids, error)}`)),
    );
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`pg: ${label} failed (code ${code}, signal ${signal}):\n${output.slice(-2000)}`));
    });
  });
}

/** Why a spawn failed, with the closed path when the user lacked permission. */
export function why(command: string, ids: { uid?: number; gid?: number }, error: Error): string {
  if ((error as NodeJS.ErrnoException).code !== 'EACCES' || ids.uid === undefined) return error.message;
  const closed = closedPath(command, { uid: ids.uid, gid: ids.gid ?? ids.uid }, 'execute');
  return (
    `${describeUser(ids.uid)} may not run ${command}` +
    (closed === undefined ? ` (${error.message})` : `: ${describeClosed(closed)} is closed to it`) +
    '. Put the project under a directory others may traverse, or use --pg-url postgres://… with an existing server'
  );
}
