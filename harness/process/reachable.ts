import { readFileSync, realpathSync, statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { dirname, sep } from 'node:path';

/** A user another program runs as: its uid and primary group (supplementary groups are dropped first). */
export interface UserIds {
  readonly uid: number;
  readonly gid: number;
}

/** A path a user cannot get through, and why. */
export interface ClosedPath {
  readonly path: string;
  /** What the user lacked: `search` a directory on the way, `read` or `execute` the path itself. */
  readonly lacks: 'search' | 'read' | 'execute';
  readonly mode: number;
  readonly owner: number;
  readonly group: number;
}

/**
 * The first place where `user` cannot get to `path`: a directory on the way from `/` that it may not search,
 * or `path` itself when it lacks `need` on it. `undefined` when it can get there (or `path` does not exist:
 * nothing is closed yet). Judged by mode bits for the user's uid and primary group, as a process that has
 * dropped its supplementary groups sees them (node's spawn with `uid`/`gid`, `setpriv --clear-groups`);
 * symlinks are resolved first. A uid of 0 is never refused.
 */
export function closedPath(
  path: string,
  user: UserIds,
  need: 'search' | 'read' | 'execute' = 'search',
  /** Directories on the way that are no obstacle (replaced by passable ones where the user will look). */
  passable: (directory: string) => boolean = () => false,
): ClosedPath | undefined {
  if (user.uid === 0) return undefined;
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return undefined;
  }
  for (const directory of ancestors(real)) {
    if (passable(directory)) continue;
    const closed = lacking(directory, user, 'search');
    if (closed !== undefined) return closed;
  }
  return lacking(real, user, need);
}

/** `/a/b/c` → `/`, `/a`, `/a/b`: every directory above a path, outermost first. */
function ancestors(path: string): string[] {
  const list: string[] = [];
  for (let parent = dirname(path); ; parent = dirname(parent)) {
    list.unshift(parent);
    if (parent === dirname(parent)) return list;
  }
}

function lacking(path: string, user: UserIds, need: ClosedPath['lacks']): ClosedPath | undefined {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    return undefined;
  }
  const bit = need === 'read' ? 4 : 1;
  const shift = stats.uid === user.uid ? 6 : stats.gid === user.gid ? 3 : 0;
  if ((stats.mode >> shift) & bit) return undefined;
  return { path, lacks: need, mode: stats.mode & 0o7777, owner: stats.uid, group: stats.gid };
}

/** `/srv/x (mode 700, owner root)`: a closed path for messages. */
export function describeClosed(closed: ClosedPath): string {
  return `${closed.path} (mode ${closed.mode.toString(8)}, owner ${userName(closed.owner)})`;
}

/** `postgres (uid 101)`: a user for messages, by its name in /etc/passwd when it has one. */
export function describeUser(uid: number): string {
  const name = userName(uid);
  return name === String(uid) ? `uid ${uid}` : `${name} (uid ${uid})`;
}

function userName(uid: number): string {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((entry) => entry.split(':')[2] === String(uid));
    return line?.split(':')[0] || String(uid);
  } catch {
    return String(uid);
  }
}

/**
 * The outermost directories strictly above each of `paths` that `user` may not search: what has to be
 * opened (or replaced) for it to reach them. Each is reported once, and never one inside another.
 */
export function closedAncestors(paths: readonly string[], user: UserIds): string[] {
  const found: string[] = [];
  for (const path of paths) {
    const closed = closedPath(dirname(path), user, 'search');
    if (closed === undefined) continue;
    if (found.some((top) => closed.path === top || closed.path.startsWith(top + sep))) continue;
    for (let i = found.length - 1; i >= 0; i--) {
      if (found[i]!.startsWith(closed.path + sep)) found.splice(i, 1);
    }
    found.push(closed.path);
  }
  return found;
}
