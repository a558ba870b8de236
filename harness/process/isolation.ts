import { spawnSync } from 'node:child_process';
import { lchown, mkdir, readdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative } from 'node:path';
import type { SpawnOptions } from './spawnServer.js';

/** How a server process is contained. */
export type IsolationKind = 'bubblewrap' | 'none';

export interface Isolation {
  readonly kind: IsolationKind;
  /** Why there is none, when there is none; said on the report's first line. */
  readonly reason?: string;
}

/** Resource limits of an isolated server (its whole process tree). */
export interface Limits {
  /** Largest file it may write, in bytes. */
  readonly fileSizeBytes: number;
  /** Processes and threads of the sandbox user (counted host-wide for that uid). */
  readonly processes: number;
  /** Address space per process, in bytes. */
  readonly addressSpaceBytes: number;
}

export const DEFAULT_LIMITS: Limits = {
  fileSizeBytes: 256 * 1024 * 1024,
  processes: 512,
  addressSpaceBytes: 16 * 1024 * 1024 * 1024,
};

/** The unprivileged user an isolated server runs as when hintproof runs as root. */
export const SANDBOX_UID = 65534;

let detected: Isolation | undefined;

/**
 * Which isolation this machine offers: bubblewrap when it is installed and can make a network namespace here;
 * otherwise none, with the reason. Probed once per process.
 */
export function detectIsolation(): Isolation {
  if (detected) return detected;
  if (process.platform !== 'linux') {
    detected = {
      kind: 'none',
      reason: `no process isolation on ${process.platform} (bubblewrap needs Linux)`,
    };
    return detected;
  }
  const probe = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', '--dev', '/dev', '--', 'true'], {
    stdio: 'ignore',
    timeout: 5000,
  });
  detected =
    probe.status === 0
      ? { kind: 'bubblewrap' }
      : {
          kind: 'none',
          reason:
            probe.error && (probe.error as NodeJS.ErrnoException).code === 'ENOENT'
              ? 'bubblewrap (bwrap) is not installed: apt-get install bubblewrap'
              : 'bubblewrap could not create a network namespace here',
        };
  return detected;
}

/** Where an isolated server lives: its run directory (writable), with a private HOME and TMPDIR inside. */
export interface SandboxLayout {
  readonly runDirectory: string;
  /** Directories to hide from the server (the caller's HOME is always hidden). */
  readonly hidden?: readonly string[];
  /** Host paths to make visible again inside hidden ones (e.g. a database socket directory). */
  readonly exposed?: readonly string[];
  /**
   * Host paths to show read-only even inside hidden ones: the server's own files (its project directory, its
   * interpreter). A path that is or contains a hidden directory (HOME itself) is never shown.
   */
  readonly readOnly?: readonly string[];
  readonly limits?: Limits;
}

/**
 * The spawn options that run `options` under bubblewrap: its own network namespace (loopback only), PID, IPC
 * and UTS namespaces; the host filesystem read-only; /tmp, /var/tmp, /run and the caller's HOME replaced by
 * empty directories; the run directory writable and the cwd; HOME and TMPDIR inside it; as an unprivileged
 * user when hintproof is root (so process limits apply); file-size, process and address-space limits. The
 * environment is the one given (already allow-listed). Ends with the server when hintproof dies.
 */
export function isolatedSpawn(options: SpawnOptions, layout: SandboxLayout): SpawnOptions {
  const limits = layout.limits ?? DEFAULT_LIMITS;
  const home = join(layout.runDirectory, 'home');
  const tmp = join(layout.runDirectory, 'tmp');
  const hidden = ['/tmp', '/var/tmp', '/run', homedir(), '/root', ...(layout.hidden ?? [])].filter(
    (path, index, all) =>
      isAbsolute(path) &&
      all.indexOf(path) === index &&
      path !== layout.runDirectory &&
      !contains(layout.runDirectory, path),
  );
  const args = [
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
    // Hidden directories may contain the run directory (it usually lives under /tmp): bind it back, through
    // parents the sandbox user may pass (bubblewrap would make them 0700, closed to it).
    ...hidden
      .flatMap((path) => ancestorsBelow(path, layout.runDirectory))
      .flatMap((path) => ['--perms', '0711', '--dir', path]),
    '--bind',
    layout.runDirectory,
    layout.runDirectory,
    ...(layout.exposed ?? []).flatMap((path) => ['--bind', path, path]),
    ...visibleReadOnly(layout, hidden).flatMap((path) => [
      ...hidden
        .flatMap((top) => ancestorsBelow(top, path))
        .flatMap((dir) => ['--perms', '0711', '--dir', dir]),
      '--ro-bind-try',
      path,
      path,
    ]),
    '--chdir',
    options.cwd,
    '--',
    ...dropPrivileges(),
    'prlimit',
    `--fsize=${limits.fileSizeBytes}`,
    `--nproc=${limits.processes}`,
    `--as=${limits.addressSpaceBytes}`,
    '--',
    options.command,
    ...options.args,
  ];
  return { command: 'bwrap', args, cwd: options.cwd, env: { ...options.env, HOME: home, TMPDIR: tmp } };
}

/**
 * Creates the run directory's private HOME and TMPDIR and, as root, hands the whole run directory to the
 * sandbox user so that the server can write there and nowhere else.
 */
export async function prepareLayout(runDirectory: string): Promise<void> {
  await mkdir(join(runDirectory, 'home'), { recursive: true });
  await mkdir(join(runDirectory, 'tmp'), { recursive: true });
  if (process.getuid?.() === 0) await chownTree(runDirectory, SANDBOX_UID);
}

async function chownTree(path: string, uid: number): Promise<void> {
  await lchown(path, uid, uid);
  const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
  await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? chownTree(join(path, entry.name), uid) : lchown(join(path, entry.name), uid, uid),
    ),
  );
}

/** As root, run the server as an unprivileged user: root is exempt from process limits. */
function dropPrivileges(): string[] {
  if (process.getuid?.() !== 0) return [];
  return ['setpriv', `--reuid=${SANDBOX_UID}`, `--regid=${SANDBOX_UID}`, '--clear-groups', '--'];
}

/**
 * The read-only paths worth binding: inside a hidden directory (elsewhere the host is visible anyway), never
 * a hidden directory itself or one that contains it (HOME stays hidden), never over the run directory.
 */
function visibleReadOnly(layout: SandboxLayout, hidden: readonly string[]): string[] {
  return [...new Set(layout.readOnly ?? [])]
    .filter((path) => isAbsolute(path) && !hidden.some((h) => h === path || contains(path, h)))
    .filter((path) => hidden.some((h) => contains(h, path)))
    .filter(
      (path) =>
        path !== layout.runDirectory &&
        !contains(path, layout.runDirectory) &&
        !contains(layout.runDirectory, path),
    );
}

/** The directories strictly between `top` and `path`, outermost first: `/tmp`, `/tmp/a/b/c` → `/tmp/a`, `/tmp/a/b`. */
function ancestorsBelow(top: string, path: string): string[] {
  if (!contains(top, path)) return [];
  const ancestors: string[] = [];
  for (let parent = dirname(path); parent !== top && contains(top, parent); parent = dirname(parent)) {
    ancestors.unshift(parent);
  }
  return ancestors;
}

function contains(parent: string, child: string): boolean {
  const path = relative(parent, child);
  return path === '' ? false : !path.startsWith('..') && !isAbsolute(path);
}
