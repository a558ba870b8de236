import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { UserIds } from './reachable.js';
import { closedAncestors, closedPath, describeClosed, describeUser } from './reachable.js';
import type { SandboxLayout } from './sandboxPaths.js';
import { contains, hiddenDirectories } from './sandboxPaths.js';
import { SpawnError } from './spawnServer.js';

/**
 * The layout as the sandbox user can use it. A directory on the way to what the server must reach (its run
 * directory, its own files) that this user may not search — the project cloned into a private `mktemp -d`,
 * TMPDIR under /root — holds nothing else the server could have read: inside the sandbox it is replaced by an
 * empty one, with passages down to what is bound back. The host's directories keep their modes.
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
  const roots = [layout.runDirectory, ...(layout.readOnly ?? [])].filter((path) => existsSync(path));
  const closed = closedAncestors(roots, user).filter(
    (directory) => !hidden.some((top) => top === directory || contains(top, directory)),
  );
  const replaced = [...hidden, ...closed];
  // Inside, a replaced directory and the passages made in it down to what is bound back are open to all.
  const passable = (directory: string) =>
    replaced.some(
      (top) =>
        top === directory || (contains(top, directory) && roots.some((root) => contains(directory, root))),
    );
  for (const file of files) {
    if (!isAbsolute(file) || !existsSync(file)) continue;
    const blocked = closedPath(file, user, 'read', passable);
    if (blocked !== undefined) throw unreadable(file, user, describeClosed(blocked));
  }
  return closed.length === 0 ? layout : { ...layout, hidden: [...(layout.hidden ?? []), ...closed] };
}

function unreadable(file: string, user: UserIds, closed: string): SpawnError {
  return new SpawnError(
    `Could not start the server isolated: as hintproof is root, the server runs as ${describeUser(user.uid)}, ` +
      `which cannot read ${file}: ${closed} is closed to it. hintproof opens the directories above the server's ` +
      "files inside the sandbox, never the server's own files: make them readable by others (chmod o+rX on " +
      'that path), run hintproof as a normal user, or use --no-isolation for a server you trust.',
    'EACCES',
  );
}
