import { existsSync, readdirSync, statSync, watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { SetupError } from '../model/setupError.js';

/** Directories never watched: dependencies, version control, hintproof's own output. */
const SKIPPED = new Set(['node_modules', '.git', '.hintproof']);
/** How deep below a server file's directory changes are watched. */
const MAX_DEPTH = 4;
/** At most this many directories are watched (one inotify watch each). */
const MAX_DIRECTORIES = 500;
/** Changes closer together than this make one re-run (an editor saves in several writes). */
const SETTLE_MS = 300;

export interface WatchIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly isTty: boolean;
}

/**
 * The directories that hold the server's code: those of the command's words that are existing files (the
 * script, its config), each with its subdirectories down to `MAX_DEPTH`, dependencies and dot-directories
 * aside.
 */
export function watchedDirectories(words: readonly string[]): string[] {
  const roots = [
    ...new Set(words.filter((word) => word.startsWith('/') && isFile(word)).map((file) => dirname(file))),
  ];
  const found = new Set<string>();
  const visit = (directory: string, depth: number) => {
    if (found.size >= MAX_DIRECTORIES || found.has(directory)) return;
    found.add(directory);
    if (depth >= MAX_DEPTH) return;
    let entries;
    try {
      entries = readdirSync(directory, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory() && !SKIPPED.has(entry.name) && !entry.name.startsWith('.')) {
        visit(join(directory, entry.name), depth + 1);
      }
    }
  };
  for (const root of roots) visit(root, 0);
  return [...found];
}

/**
 * `--watch`: runs the check, then again whenever a file in `directories` changes, clearing the terminal first
 * so the last report stays on screen. A set-up error (a server that no longer starts) is printed and the watch
 * goes on. Ends only when the process is interrupted (Ctrl-C), or at once when there is nothing to watch.
 */
export async function watchChecks(
  run: () => Promise<number>,
  directories: readonly string[],
  io: WatchIo,
): Promise<number> {
  const code = await runSaying(run, io);
  if (directories.length === 0) {
    io.stderr(
      'hintproof: --watch found no file of the server to watch (no word of the command is an existing file); ' +
        'name the server script by its path, e.g. `-- node server.js`.\n',
    );
    return code;
  }
  const shown = directories.slice(0, 3).map((directory) => relative(process.cwd(), directory) || '.');
  for (;;) {
    io.stderr(
      `hintproof: watching ${shown.join(', ')}${directories.length > 3 ? ` and ${directories.length - 3} more` : ''} ` +
        'for changes (Ctrl-C to stop)\n',
    );
    const changed = await nextChange(directories);
    if (io.isTty) io.stdout('\x1b[2J\x1b[H');
    io.stdout(`hintproof: ${changed} changed: checking again\n\n`);
    await runSaying(run, io);
  }
}

async function runSaying(run: () => Promise<number>, io: WatchIo): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof SetupError)) throw error;
    io.stderr(`hintproof: ${error.message}\n`);
    return 2;
  }
}

/** Resolves with the first changed file's name once changes have settled for `SETTLE_MS`. */
function nextChange(directories: readonly string[]): Promise<string> {
  return new Promise((resolve) => {
    const watchers: FSWatcher[] = [];
    let timer: NodeJS.Timeout | undefined;
    let first: string | undefined;
    const done = () => {
      for (const watcher of watchers) watcher.close();
      resolve(first ?? 'a file');
    };
    for (const directory of directories) {
      if (!existsSync(directory)) continue;
      const watcher = watch(directory, (_event, name) => {
        first ??= name === null ? directory : join(directory, name.toString());
        if (timer !== undefined) clearTimeout(timer);
        timer = setTimeout(done, SETTLE_MS);
      });
      watcher.on('error', () => watcher.close());
      watchers.push(watcher);
    }
  });
}

function isFile(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile();
  } catch {
    return false;
  }
}
