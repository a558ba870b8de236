import { spawn } from 'node:child_process';

/** Runs a program to its end; rejects with its output when it fails. */
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
    child.once('error', (error) => reject(new Error(`pg: ${label} could not start: ${error.message}`)));
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`pg: ${label} failed (code ${code}, signal ${signal}):\n${output.slice(-2000)}`));
    });
  });
}
