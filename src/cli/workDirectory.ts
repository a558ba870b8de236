import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { SetupError } from '../model/setupError.js';

/**
 * `--work-dir DIR` as an absolute path (against the invocation directory), after checking that it is an
 * existing directory: the sandboxes are made in a new directory inside it, and removed with it.
 */
export function workDirectory(given: string, cwd: string): string {
  const path = resolve(cwd, given);
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) {
    throw new SetupError(
      `--work-dir ${given}: no such directory (${path}). Create it first, or give another.`,
    );
  }
  if (!stat.isDirectory()) {
    throw new SetupError(
      `--work-dir ${given}: ${path} is not a directory. Give a directory to make sandboxes in.`,
    );
  }
  return path;
}
