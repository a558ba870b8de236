/**
 * hintproof lost something it needs to observe a run's sandbox, through what the server did (its own
 * connection to the run's database ended, the template every run's database is copied from dropped). The
 * run says nothing either way: the engine makes it inconclusive with this message as the reason, never an
 * internal error. Messages say what was lost and, where known, how.
 */
export class SandboxLost extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SandboxLost';
  }
}
