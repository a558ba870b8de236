import { existsSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';

/** The nearest directory at or above `path` with a package.json (its project, node_modules included), else `path`. */
function projectRoot(path: string): string {
  for (let dir = path; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  return path;
}

/**
 * The server's own files, shown read-only even where HOME or /tmp is hidden: the interpreter's installation, and the files and directories its arguments name (a socket is a service, not a
 * file of the server's), each widened to its project (resolved from the file's real location, links followed:
 * these are the user's own paths, never the sandbox's) plus every `node_modules` directory above it, where
 * Node looks for its dependencies (a package run from inside a project's node_modules has its dependencies
 * beside it, not in it).
 */
export function serverFiles(executable: string, args: readonly string[], directory: string): string[] {
  // Not the invocation directory: the server runs in its sandbox, and its files there are named by its arguments.
  return [
    dirname(dirname(executable)),
    ...args.filter((arg) => isAbsolute(arg) && isFileOrDirectory(arg)).map((arg) => realpathSync(arg)),
  ]
    .filter((path) => path !== directory && !path.startsWith(`${directory}/`))
    .flatMap((path) => [projectRoot(path), ...modulesAbove(path)]);
}

/**
 * Whether an argument names a file or directory (links followed). A socket is a service, not the server's own
 * file: shown in the sandbox, it would let the server reach a host service whose state nobody observes.
 */
function isFileOrDirectory(path: string): boolean {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat !== undefined && (stat.isFile() || stat.isDirectory());
}

/** The `node_modules` directories Node's resolution would search from `path` upwards. */
function modulesAbove(path: string): string[] {
  const found: string[] = [];
  for (let dir = dirname(path); dir !== dirname(dir); dir = dirname(dir)) {
    if (basename(dir) !== 'node_modules' && existsSync(join(dir, 'node_modules')))
      found.push(join(dir, 'node_modules'));
  }
  return found;
}
