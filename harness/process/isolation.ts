import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { mkdir, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { chownTree, Directory } from '../tree/index.js';
import { bubblewrapArguments } from './bubblewrap.js';
import { relayedCommand } from './loopbackRelay.js';
import { passThroughClosed } from './passThroughClosed.js';
import type { SandboxLayout } from './sandboxPaths.js';
import { DEFAULT_LIMITS, SANDBOX_UID } from './sandboxPaths.js';
import { findPerl, PERL_MISSING, sandboxExec } from './sandboxExec.js';
import type { SpawnOptions } from './spawnServer.js';
import { UNSHARE_ARGUMENTS, unshareArguments } from './unshare.js';

export type { Mount, Overlay, SandboxLayout } from './sandboxPaths.js';
/** How a server process is contained. */
type IsolationKind = 'bubblewrap' | 'unshare' | 'none';

export interface Isolation {
  readonly kind: IsolationKind;
  /** Why there is none, when there is none; said on the report's first line. */
  readonly reason?: string;
}

const detected = new Map<string, Isolation>();

/**
 * Which isolation this machine offers: bubblewrap when it is installed and can make a network namespace here;
 * else, as root, util-linux `unshare`; otherwise none, with the reason. Either needs perl (`sandboxExec`, the
 * first program inside, is a perl script): without it, none. `prefer: 'unshare'` skips bubblewrap (tests of
 * the fallback, HINTPROOF_ISOLATION=unshare). Probed once per process and preference; `perl` finds perl (a
 * test's stand-in), looked for at every call.
 */
export function detectIsolation(
  prefer?: 'bubblewrap' | 'unshare',
  perl: () => string | undefined = findPerl,
): Isolation {
  if (process.platform === 'linux' && perl() === undefined) return { kind: 'none', reason: PERL_MISSING };
  const key = prefer ?? 'default';
  let found = detected.get(key);
  if (found === undefined) {
    found = probeIsolation(prefer);
    detected.set(key, found);
  }
  return found;
}

function probeIsolation(prefer: 'bubblewrap' | 'unshare' | undefined): Isolation {
  if (process.platform !== 'linux') {
    return { kind: 'none', reason: `no process isolation on ${process.platform} (bubblewrap needs Linux)` };
  }
  if (prefer === 'unshare') return probeUnshare();
  const probe = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', '--dev', '/dev', '--', 'true'], {
    stdio: 'ignore',
    timeout: 5000,
  });
  if (probe.status === 0) return { kind: 'bubblewrap' };
  const missing = probe.error !== undefined && (probe.error as NodeJS.ErrnoException).code === 'ENOENT';
  if (prefer !== 'bubblewrap' && process.getuid?.() === 0) {
    const fallback = probeUnshare();
    if (fallback.kind === 'unshare') return fallback;
  }
  return {
    kind: 'none',
    reason: missing
      ? 'bubblewrap (bwrap) is not installed: apt-get install bubblewrap'
      : 'bubblewrap could not create a network namespace here',
  };
}

/** util-linux `unshare` as root: the namespaces, a fresh /proc, and loopback brought up with `ip`. */
function probeUnshare(): Isolation {
  if (process.getuid?.() !== 0) {
    return { kind: 'none', reason: 'the unshare fallback needs root (install bubblewrap instead)' };
  }
  const probe = spawnSync('unshare', [...UNSHARE_ARGUMENTS, '--', 'ip', 'link', 'set', 'lo', 'up'], {
    encoding: 'utf8',
    timeout: 5000,
  });
  if (probe.status === 0) return { kind: 'unshare' };
  const why =
    probe.error !== undefined && (probe.error as NodeJS.ErrnoException).code === 'ENOENT'
      ? 'util-linux unshare is not installed'
      : `unshare failed (${(probe.stderr ?? '').trim().split('\n')[0] || `exit ${probe.status}`}; it needs util-linux and iproute2's ip)`;
  return { kind: 'none', reason: why };
}

/**
 * The spawn options that run `options` isolated by `kind` (bubblewrap or, as root, unshare): its own
 * network namespace (loopback only, with the layout's relays listening there), PID, IPC and UTS namespaces;
 * of the host only what `sandboxView` lists (system paths and the server's own files read-only, the run
 * directory writable and the cwd; no /home, /root, /var, /srv, /opt, /mnt); HOME and TMPDIR inside it; as an
 * unprivileged user when hintproof is root (so process limits apply), every directory on the way to its files
 * a passage open to that user (see passThroughClosed; a SpawnError when a file it needs stays closed);
 * file-size, process and data-memory limits (RLIMIT_DATA, which WebAssembly reservations do not count
 * against). Started by `sandboxExec`: no descriptor beyond stdio reaches anything in the sandbox, and
 * `socket` refuses the address families a server has no use for. The environment is the one given (already
 * allow-listed). Ends with the server when hintproof dies.
 */
export function isolatedSpawn(
  options: SpawnOptions,
  layout: SandboxLayout,
  kind: 'bubblewrap' | 'unshare' = 'bubblewrap',
): SpawnOptions {
  const limits = layout.limits ?? DEFAULT_LIMITS;
  const relays = layout.relays ?? [];
  const server = relayedCommand(options.command, options.args, relays);
  // The relay runs under hintproof's own node: show its installation.
  const withRelay: SandboxLayout =
    relays.length === 0
      ? layout
      : { ...layout, readOnly: [...(layout.readOnly ?? []), dirname(dirname(process.execPath))] };
  const uid = layout.uid ?? SANDBOX_UID;
  // As root the server runs as another user: open its way through directories closed to it.
  const opened =
    process.getuid?.() === 0
      ? passThroughClosed(withRelay, { uid, gid: uid }, [
          options.command,
          ...options.args,
          ...(relays.length === 0 ? [] : [process.execPath]),
        ])
      : withRelay;
  const shown: SandboxLayout = { ...opened, mask: maskFile(layout.runDirectory) };
  const inner = [
    ...sandboxExec(),
    ...dropPrivileges(kind, uid),
    'prlimit',
    `--fsize=${limits.fileSizeBytes}`,
    `--nproc=${limits.processes}`,
    `--data=${limits.dataBytes}`,
    '--',
    server.command,
    ...server.args,
  ];
  // HOME and TMPDIR are the run's own, unless the caller chose others inside the run directory (`{fs}/.home`).
  const inside = (path: string | undefined): path is string =>
    path !== undefined && path.startsWith(`${layout.runDirectory}/`);
  const env = {
    ...options.env,
    HOME: inside(options.env.HOME) ? options.env.HOME : join(layout.runDirectory, 'home'),
    TMPDIR: inside(options.env.TMPDIR) ? options.env.TMPDIR : join(layout.runDirectory, 'tmp'),
  };
  if (kind === 'unshare') {
    // Ends with hintproof too: unshare kills its namespace's init when it dies.
    return {
      command: 'setpriv',
      args: ['--pdeathsig', 'KILL', '--', 'unshare', ...unshareArguments(shown, options.cwd), ...inner],
      cwd: options.cwd,
      env,
    };
  }
  return {
    command: 'bwrap',
    args: [...bubblewrapArguments(shown, options.cwd), ...inner],
    cwd: options.cwd,
    env,
  };
}

/**
 * Creates the run directory's private HOME and TMPDIR and, as root, hands every directory in the run directory
 * (the environments' sandboxes, HOME, TMPDIR) to the sandbox user, so that the server can write there and
 * nowhere else. The run directory itself stays hintproof's, not writable by the server, and so do the files
 * directly in it (the fs clock): nothing hintproof keeps there can be swapped for a link from inside.
 */
export async function prepareLayout(runDirectory: string, uid = SANDBOX_UID): Promise<void> {
  await mkdir(join(runDirectory, 'home'), { recursive: true, mode: 0o700 });
  await mkdir(join(runDirectory, 'tmp'), { recursive: true, mode: 0o700 });
  if (process.getuid?.() !== 0) return;
  await using run = await Directory.open(runDirectory);
  await run.chown(0, 0);
  await run.chmod(0o755);
  for (const name of await run.names()) {
    if (!(await run.lstat(name)).isDirectory()) continue;
    await using directory = await run.openChild(name);
    await chownTree(directory, uid);
  }
}

/**
 * The file bound over the host's sockets and FIFOs in the view, beside the run directory (hintproof's, which the
 * server cannot write): empty, mode 000, so that a connect or an open through it fails with EACCES.
 */
function maskFile(runDirectory: string): string {
  const path = `${runDirectory}.mask`;
  if (!existsSync(path)) writeFileSync(path, '', { mode: 0 });
  chmodSync(path, 0);
  return path;
}

/**
 * Removes what an isolated spawn left beside the run directory (unshare's staging root, an empty directory
 * once its namespace is gone), after the server has exited. Never recursive: it is a mount point inside the
 * namespace while the server runs.
 */
export async function releaseLayout(runDirectory: string): Promise<void> {
  await rmdir(`${runDirectory}.root`).catch(() => {});
  await rm(`${runDirectory}.mask`, { force: true }).catch(() => {});
}

/**
 * As root, run the server as an unprivileged user: root is exempt from process limits. Under unshare the
 * setup script runs as real root, so setuid programs are disarmed too (bubblewrap does that itself).
 */
function dropPrivileges(kind: 'bubblewrap' | 'unshare', uid: number): string[] {
  if (process.getuid?.() !== 0) return [];
  return [
    'setpriv',
    `--reuid=${uid}`,
    `--regid=${uid}`,
    '--clear-groups',
    ...(kind === 'unshare' ? ['--no-new-privs'] : []),
    '--',
  ];
}
