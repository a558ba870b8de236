/**
 * A file a server wrote that hintproof reads by meaning (a SQLite database, a git directory's state, a JSON
 * document) turned out not to be one it can read: malformed, or past the budget its reading may spend
 * (ParseBudget). Never an internal error: the file is then compared as bytes, and the change says why
 * (`message`: `not understood as SQLite: page 2 is not a b-tree page`).
 */
export class NotUnderstood extends Error {
  constructor(
    /** The format it was read as: `SQLite`, `git`, `JSON`. */
    readonly format: string,
    /** What was wrong with it, or which budget it went past. */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`not understood as ${format}: ${reason}`, options);
    this.name = 'NotUnderstood';
  }
}
