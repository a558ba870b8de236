import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { SandboxLayout } from './sandboxPaths.js';
import { contains, hiddenDirectories, passagesTo, visibleReadOnly } from './sandboxPaths.js';

/** Device nodes of the sandbox's own /dev, as bubblewrap's `--dev` makes them. */
const DEVICES: readonly [name: string, major: number, minor: number][] = [
  ['null', 1, 3],
  ['zero', 1, 5],
  ['full', 1, 7],
  ['random', 1, 8],
  ['urandom', 1, 9],
  ['tty', 5, 0],
];

/** The namespaces util-linux `unshare` makes: the same as bubblewrap's (network, mount, PID, IPC, UTS). */
export const UNSHARE_ARGUMENTS = [
  '--net',
  '--mount',
  '--pid',
  '--ipc',
  '--uts',
  '--fork',
  '--kill-child',
  '--mount-proc',
  '--propagation',
  'private',
];

/**
 * The root-only fallback for machines without bubblewrap: `unshare` makes the namespaces, then a shell
 * script (run as root inside them) builds the same view bubblewrap gives — the host read-only (every mount,
 * nosuid and nodev), a fresh /proc, a /dev of its own, /tmp, /var/tmp, /run, /root and HOME hidden, the run
 * directory writable, read-only binds and mounts, loopback up — pivots into it, detaches the old root and
 * runs `command` (already wrapped in setpriv and prlimit) with the positional arguments. The script stays the
 * namespace's PID 1, so the server never has PID 1's signal semantics. Paths are resolved on the host first:
 * absolute symlinks inside the staging root would point back at the host.
 */
export function unshareArguments(layout: SandboxLayout, cwd: string): string[] {
  const hidden = hiddenDirectories(layout)
    .filter((path) => existsSync(path))
    .map((path) => realpathSync(path))
    .filter((path, index, all) => all.indexOf(path) === index);
  const run = realpathSync(layout.runDirectory);
  const stage = join(realpathSync(dirname(layout.runDirectory)), `${basename(layout.runDirectory)}.root`);
  const inStage = (path: string) => `"$R"${quote(path === '/' ? '' : path)}`;
  const passages = (path: string) =>
    passagesTo(path, hidden).map((dir) => `[ -d ${inStage(dir)} ] || mkdir -m 0711 ${inStage(dir)}`);
  const bindReadOnly = (source: string, target: string) => [
    `mount --bind ${quote(source)} ${inStage(target)}`,
    `mount -o remount,bind,ro,nosuid,nodev ${inStage(target)}`,
  ];
  const readOnly = visibleReadOnly(
    {
      ...layout,
      runDirectory: run,
      readOnly: (layout.readOnly ?? []).filter((path) => existsSync(path)).map((path) => realpathSync(path)),
    },
    hidden,
  );
  const script = [
    'set -eu',
    'SERVER_PATH=${PATH:-/usr/bin:/bin}',
    'PATH=/usr/sbin:/usr/bin:/sbin:/bin',
    `R=${quote(stage)}`,
    'mkdir -p -m 0700 "$R"',
    'mount --rbind / "$R"',
    ...hostMounts().map((target) => `mount -o remount,bind,ro,nosuid,nodev ${inStage(target)}`),
    `mount -t tmpfs -o mode=0755,nosuid hintproof-dev "$R/dev"`,
    ...DEVICES.map(([name, major, minor]) => `mknod -m 666 "$R/dev/${name}" c ${major} ${minor}`),
    'ln -s /proc/self/fd "$R/dev/fd"',
    ...['stdin', 'stdout', 'stderr'].map((name, fd) => `ln -s /proc/self/fd/${fd} "$R/dev/${name}"`),
    'mkdir "$R/dev/shm" "$R/dev/pts"',
    'mount -t devpts -o newinstance,ptmxmode=0666,mode=620 devpts "$R/dev/pts"',
    'ln -s pts/ptmx "$R/dev/ptmx"',
    // One hidden directory may lie in another (a private project under /root): its mount point is made first.
    ...hidden.flatMap((path) => [
      `[ -d ${inStage(path)} ] || mkdir -p ${inStage(path)}`,
      `mount -t tmpfs -o mode=0755,nosuid,nodev hintproof-hidden ${inStage(path)}`,
    ]),
    ...passages(run),
    `[ -d ${inStage(run)} ] || mkdir -m 0700 ${inStage(run)}`,
    `mount --bind ${quote(run)} ${inStage(run)}`,
    ...readOnly.flatMap((path) => [
      ...passages(path),
      statSync(path).isDirectory()
        ? `[ -d ${inStage(path)} ] || mkdir ${inStage(path)}`
        : `[ -e ${inStage(path)} ] || touch ${inStage(path)}`,
      ...bindReadOnly(path, path),
    ]),
    ...(layout.mounts ?? []).flatMap((mount) => [
      ...passages(mount.inside),
      `mkdir -p -m 0755 ${inStage(mount.inside)}`,
      ...bindReadOnly(realpathSync(mount.host), mount.inside),
    ]),
    'echo hintproof-sandbox > /proc/sys/kernel/hostname',
    'ip link set lo up',
    'mkdir "$R/dev/.old-root"',
    'cd "$R"',
    'pivot_root . dev/.old-root',
    'umount -l /dev/.old-root',
    'rmdir /dev/.old-root',
    `cd ${quote(cwd)}`,
    'PATH=$SERVER_PATH',
    '"$@"',
  ].join('\n');
  return [...UNSHARE_ARGUMENTS, '--', '/bin/sh', '-c', script, 'hintproof-sandbox'];
}

/**
 * Every mount point of the host (hintproof's view), for the read-only remount; /proc and /dev are replaced
 * by the sandbox's own, and mounts below a run directory's staging root never exist on the host.
 */
function hostMounts(): string[] {
  const targets = readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[4])
    .filter((target): target is string => target !== undefined && target !== '')
    .map((target) =>
      target.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8))),
    );
  return [...new Set(targets)].filter(
    (target) => !['/proc', '/dev'].some((top) => target === top || contains(top, target)),
  );
}

/** One shell word, single-quoted. */
export function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
