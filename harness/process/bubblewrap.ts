import type { SandboxLayout } from './sandboxPaths.js';
import { hiddenDirectories, passagesTo, visibleReadOnly } from './sandboxPaths.js';

/**
 * bubblewrap's arguments for `layout`, up to and including `--`: its own network namespace (loopback only),
 * PID, IPC and UTS namespaces; the host filesystem read-only; /tmp, /var/tmp, /run and the caller's HOME
 * replaced by empty directories; the run directory writable; mounts read-only at their inside paths; `cwd`
 * as the working directory. Ends with the server when its parent dies.
 */
export function bubblewrapArguments(layout: SandboxLayout, cwd: string): string[] {
  const hidden = hiddenDirectories(layout);
  // Hidden directories may contain what is bound back (the run directory usually lives under /tmp): create
  // its parents passable by the sandbox user (bubblewrap would make them 0700, closed to it).
  const passages = (path: string) =>
    passagesTo(path, hidden).flatMap((dir) => ['--perms', '0711', '--dir', dir]);
  return [
    '--die-with-parent',
    '--unshare-net',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--hostname',
    'hintproof-sandbox',
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    ...hidden.flatMap((path) => ['--tmpfs', path]),
    ...passages(layout.runDirectory),
    '--bind',
    layout.runDirectory,
    layout.runDirectory,
    ...visibleReadOnly(layout, hidden).flatMap((path) => [...passages(path), '--ro-bind-try', path, path]),
    ...(layout.mounts ?? []).flatMap((mount) => [
      ...passages(mount.inside),
      '--perms',
      '0755',
      '--dir',
      mount.inside,
      '--ro-bind',
      mount.host,
      mount.inside,
    ]),
    '--chdir',
    cwd,
    '--',
  ];
}
