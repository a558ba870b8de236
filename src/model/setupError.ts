/**
 * hintproof could not set up what it needs to check anything (the server would not start, the seed is
 * missing, the command lists no tools). The CLI prints the message and exits 2. Messages say what failed,
 * what was received, and what to do.
 */
export class SetupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SetupError';
  }
}
