import { existsSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { UserIds } from './reachable.js';
import { closedAncestors, closedPath, describeClosed, describeUser } from './reachable.js';
import type { SandboxLayout } from './sandboxPaths.js';
import { contains, hiddenDirectories } from './sandboxPaths.js';
import { SpawnError } from './spawnServer.js';

/**
 * The layout as the sandbox user can use it, when hintproof is root and the server runs as another user.
 *
 * A directory on the way to what the server must reach (its run directory, its own files) that this user may
 * not enter — a checkout inside a private `mktemp -d`, TMPDIR under /root — holds nothing else the server
 * could have read: inside the sandbox it is replaced by an empty one, with passages down to what is bound
 * back. A directory of the server's own files that is itself closed (a clone straight into a private
 * directory) is replaced by an empty one open to all, with each of its entries bound back as it is:
 * symbolic links directly in it are left out, since the host would resolve them past what the directory
 * hid. The host's directories keep their modes.
 *
 * Then every file the command names (`files`: the command and its arguments that are absolute paths, the
 * relay's node) must be readable by that user, or this throws a SpawnError naming the closed path, the user
 * and what to do: never a server that dies of EACCES, or an ENOENT for a file that exists.
 */
export function passThroughClosed(
  layout: SandboxLayout,
  user: UserIds,
  files: readonly string[],
): SandboxLayout {
  const hidden = hiddenDirectories(layout);
  const isHidden = (path: string) => hidden.some((top) => top === path || contains(top, path));
  const shown = (layout.readOnly ?? []).filter((path) => existsSync(path));
  const roots = [layout.runDirectory, ...shown];
  const above = closedAncestors(roots, user).filter((directory) => !isHidden(directory));
  // Shown directories closed themselves; never one holding a hidden directory (HOME).
  const opened = shown.filter(
    (path) =>
      statSync(path).isDirectory() &&
      closedPath(path, user, 'search', (directory) => directory !== path) !== undefined &&
      !hidden.some((top) => top === path || contains(path, top)) &&
      !above.some((top) => contains(path, top)),
  );
  const entries = opened.flatMap((directory) =>
    readdirSync(directory, { withFileTypes: true })
      .filter((entry) => !entry.isSymbolicLink())
      .map((entry) => join(directory, entry.name))
      // The run directory's own way in is a passage.
      .filter((path) => path !== layout.runDirectory && !contains(path, layout.runDirectory)),
  );
  const replaced = [...hidden, ...above, ...opened];
  const reached = [...roots, ...entries];
  // Inside, a replaced directory and the passages made in it down to what is bound back are open to all.
  const passable = (directory: string) =>
    replaced.some(
      (top) =>
        top === directory || (contains(top, directory) && reached.some((root) => contains(directory, root))),
    );
  for (const file of files) {
    if (!isAbsolute(file) || !existsSync(file)) continue;
    const blocked = closedPath(file, user, 'read', passable);
    if (blocked !== undefined) throw unreadable(file, user, describeClosed(blocked));
  }
  if (above.length === 0 && opened.length === 0) return layout;
  return {
    ...layout,
    hidden: [...(layout.hidden ?? []), ...above, ...opened],
    readOnly: [...(layout.readOnly ?? []), ...entries],
  };
}

function unreadable(file: string, user: UserIds, closed: string): SpawnError {
  return new SpawnError(
    `Could not start the server isolated: as hintproof is root, the server runs as ${describeUser(user.uid)}, ` +
      `which cannot read ${file}: ${closed} is closed to it. hintproof opens the directories of the ` +
      "server's files inside the sandbox, not what lies below them: make that path readable by others " +
      '(chmod o+rX), run hintproof as a normal user, or use --no-isolation for a server you trust.',
    'EACCES',
  );
}
