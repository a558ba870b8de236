import type { Dirent } from 'node:fs';
import { accessSync, constants, readdirSync } from 'node:fs';
import { SpawnError } from './spawnError.js';

/**
 * Entries a scan looks at before giving up: about 3 s of `readdir` (this repository with its node_modules is
 * 21,000 entries, 80 ms; /usr here 141,000, 0.45 s).
 */
const SCAN_ENTRIES = 1_000_000;

/** Sockets and FIFOs one shown directory may hold: each is one more mount of the view. */
const SCAN_SPECIALS = 1_000;

/**
 * Every unix socket and FIFO at or below the host directory `root`, as absolute paths: what a read-only bind
 * of it would still let a process connect to or open (a read-only mount stops neither). Walks the host's own
 * tree (mounts below `root` included, as a recursive bind brings them along), never following a symbolic
 * link; a directory gone meanwhile, or one nobody of hintproof's user can enter, is skipped. Throws a SpawnError
 * past `SCAN_ENTRIES` entries or `SCAN_SPECIALS` finds, or at a directory it can enter but not list (a socket in
 * it could still be reached by name), naming the directory and what to do: a directory that cannot be checked
 * is never shown unchecked.
 */
export function specialsBelow(
  root: string,
  limits = { entries: SCAN_ENTRIES, specials: SCAN_SPECIALS },
): string[] {
  const found: string[] = [];
  const pending = [root];
  let seen = 0;
  for (let directory = pending.pop(); directory !== undefined; directory = pending.pop()) {
    let entries: Dirent[];
    try {
      entries = readdirSync(directory, { withFileTypes: true });
    } catch (error) {
      // Gone, or no directory now: nothing below it to reach. Anything else may hide a socket: no start.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') continue;
      if (code === 'EACCES' && !searchable(directory)) continue;
      throw unreadable(root, directory, code ?? String(error));
    }
    seen += entries.length;
    if (seen > limits.entries) throw tooLarge(root, `more than ${limits.entries} entries`);
    for (const entry of entries) {
      const path = `${directory === '/' ? '' : directory}/${entry.name}`;
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isSocket() || entry.isFIFO()) found.push(path);
    }
    if (found.length > limits.specials)
      throw tooLarge(root, `more than ${limits.specials} sockets and FIFOs`);
  }
  return found.sort();
}

function tooLarge(root: string, what: string): SpawnError {
  return new SpawnError(
    `Could not start the server isolated: ${root}, which the sandbox would show read-only, holds ${what}, ` +
      'too many to check that none of its sockets and FIFOs (which a read-only mount leaves open) is ' +
      "reachable. The sandbox shows the project of the server's files and of the paths it is given: move " +
      'the server, or those paths, to a smaller project, or move the sockets and FIFOs out of it.',
    'E2BIG',
  );
}

/** Whether hintproof's user may enter `directory` (and so may the server, as that user). */
function searchable(directory: string): boolean {
  try {
    accessSync(directory, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function unreadable(root: string, directory: string, code: string): SpawnError {
  return new SpawnError(
    `Could not start the server isolated: ${root}, which the sandbox would show read-only, holds ${directory}, ` +
      `which can be entered but not listed (${code}): a socket or FIFO in it could be reached by name and not ` +
      'covered. Make it readable (chmod u+r) or move it out of the project of the server and of the paths it is given.',
    'EACCES',
  );
}
