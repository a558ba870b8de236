/** The command could not be started at all (not found, not executable). */
export class SpawnError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'SpawnError';
  }
}

/** The SpawnError for a spawn that failed with `error`, saying what to do. */
export function spawnError(command: string, error: NodeJS.ErrnoException): SpawnError {
  if (error.code === 'ENOENT') {
    return new SpawnError(
      `Could not start the server: command "${command}" was not found (spawn ENOENT). ` +
        'Check the command after "--", or give its full path.',
      error.code,
    );
  }
  if (error.code === 'EACCES') {
    return new SpawnError(
      `Could not start the server: "${command}" is not executable (spawn EACCES). ` +
        'Make it executable (chmod +x), or run it through its interpreter (e.g. "node server.js").',
      error.code,
    );
  }
  return new SpawnError(`Could not start the server "${command}": ${error.message}`, error.code);
}
