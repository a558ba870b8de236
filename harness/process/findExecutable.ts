import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { SpawnError } from './spawnError.js';

/**
 * Finds `command` as a spawn would (a path, or a name on PATH) and throws the same SpawnError a direct spawn
 * gives when it is missing or not executable. Needed when the server starts inside a wrapper (bubblewrap,
 * strace), which would otherwise report only "exited with code 127".
 */
export function findExecutable(command: string, cwd: string, path: string | undefined): string {
  const candidates = command.includes('/')
    ? [isAbsolute(command) ? command : resolve(cwd, command)]
    : (path ?? '')
        .split(delimiter)
        .filter((dir) => dir !== '')
        .map((dir) => join(dir, command));
  let found: string | undefined;
  for (const candidate of candidates) {
    try {
      if (!statSync(candidate).isFile()) continue;
    } catch {
      continue;
    }
    found ??= candidate;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Present but not executable: keep looking, report EACCES if nothing better turns up.
    }
  }
  if (found !== undefined) {
    throw new SpawnError(
      `Could not start the server: "${command}" is not executable (spawn EACCES). ` +
        'Make it executable (chmod +x), or run it through its interpreter (e.g. "node server.js").',
      'EACCES',
    );
  }
  throw new SpawnError(
    `Could not start the server: command "${command}" was not found (spawn ENOENT). ` +
      'Check the command after "--", or give its full path.',
    'ENOENT',
  );
}
