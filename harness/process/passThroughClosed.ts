import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { UserIds } from './reachable.js';
import { closedPath, describeClosed, describeUser } from './reachable.js';
import type { SandboxLayout } from './sandboxPaths.js';
import { contains, planView, SYSTEM_PATHS } from './sandboxPaths.js';
import { SpawnError } from './spawnError.js';

/**
 * The layout as the sandbox user can use it, when hintproof is root and the server runs as another user.
 *
 * Inside the sandbox every directory on the way to what the server must reach (its run directory, its own
 * files) is a passage of the sandbox's own, open to all (see `planView`): a host directory above them that
 * this user may not enter — a checkout inside a private `mktemp -d`, TMPDIR under /root — is no obstacle. A
 * directory of the server's own files that is itself closed (a clone straight into a private directory) is
 * `opened`: an empty directory open to all, holding each of its entries bound back as it is, symbolic links
 * left out. The host's directories keep their modes.
 *
 * Then every file the command names (`files`: the command and its arguments that are absolute paths, the
 * relay's node) that the sandbox shows must be readable by that user (one it does not show is simply not there
 * inside), or this throws a SpawnError naming the closed path, the user and what to do: never a server that
 * dies of EACCES, or an ENOENT for a file that exists.
 */
export function passThroughClosed(
  layout: SandboxLayout,
  user: UserIds,
  files: readonly string[],
): SandboxLayout {
  const inside = new Set([...SYSTEM_PATHS, ...(layout.mounts ?? []).map((mount) => mount.inside)]);
  const closedThemselves = planView(layout)
    .filter((step) => step.kind === 'bind' && !step.writable && step.directory && !inside.has(step.path))
    .map((step) => step.path)
    .filter((path) => closedPath(path, user, 'search', (directory) => directory !== path) !== undefined);
  const usable = closedThemselves.length === 0 ? layout : { ...layout, opened: closedThemselves };
  const view = planView(usable);
  const passages = new Set(view.filter((step) => step.kind === 'directory').map((step) => step.path));
  const passable = (directory: string) => directory === '/' || passages.has(directory);
  const shown = view.flatMap((step) => (step.kind === 'bind' ? [step.path] : []));
  const isShown = (file: string) => shown.some((path) => path === file || contains(path, file));
  for (const file of files) {
    if (!isAbsolute(file) || !existsSync(file) || !isShown(file)) continue;
    const blocked = closedPath(file, user, 'read', passable);
    if (blocked !== undefined) throw unreadable(file, user, describeClosed(blocked));
  }
  return usable;
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
