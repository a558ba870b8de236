import type { SandboxLayout } from './sandboxPaths.js';
import { SANDBOX_HOSTNAME, sandboxView } from './sandboxPaths.js';

/**
 * bubblewrap's arguments for `layout`, up to and including `--`: its own network namespace (loopback only),
 * PID, IPC and UTS namespaces (a neutral host name); an empty root, read-only, holding only what
 * `sandboxView` lists (system paths and the server's own files read-only, the run directory writable, mounts),
 * a /dev and /proc of its own; `cwd` as the working directory. Ends with the server when its parent dies.
 */
export function bubblewrapArguments(layout: SandboxLayout, cwd: string): string[] {
  return [
    '--die-with-parent',
    '--unshare-net',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--hostname',
    SANDBOX_HOSTNAME,
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    ...sandboxView(layout).flatMap((step) => {
      switch (step.kind) {
        case 'symlink':
          return ['--symlink', step.target, step.path];
        case 'directory':
          return ['--perms', '0755', '--dir', step.path];
        case 'bind':
          return [step.writable ? '--bind' : '--ro-bind', step.source, step.path];
      }
    }),
    '--remount-ro',
    '/',
    '--chdir',
    cwd,
    '--',
  ];
}
