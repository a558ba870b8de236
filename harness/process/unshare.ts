import { readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { SandboxLayout, ViewStep } from './sandboxPaths.js';
import { contains, SANDBOX_HOSTNAME, sandboxView } from './sandboxPaths.js';

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
 * script (run as root inside them) builds the same view bubblewrap gives — an empty root (tmpfs) holding only
 * what `sandboxView` lists, every bind nosuid and nodev and all but the run directory read-only (submounts
 * too), a /proc and a /dev of its own, a neutral host name, loopback up — pivots into it, detaches the old
 * root, makes the new one read-only and runs `command` (already wrapped in setpriv and prlimit) with the
 * positional arguments. The script stays the namespace's PID 1, so the server never has PID 1's signal
 * semantics. Its staging root, beside the run directory, is in hintproof's own temp root.
 */
export function unshareArguments(layout: SandboxLayout, cwd: string): string[] {
  const stage = join(realpathSync(dirname(layout.runDirectory)), `${basename(layout.runDirectory)}.root`);
  const inStage = (path: string) => `"$R"${quote(path === '/' ? '' : path)}`;
  const mounts = hostMounts();
  const build = (step: ViewStep): string[] => {
    switch (step.kind) {
      case 'symlink':
        return [`ln -s ${quote(step.target)} ${inStage(step.path)}`];
      case 'directory':
        return [`mkdir -m 0755 ${inStage(step.path)}`];
      case 'bind': {
        const target = inStage(step.path);
        if (step.mask) {
          // Over a host socket or FIFO that may have gone since it was found: done while it is there.
          const mount = `mount -n --bind ${quote(step.source)} ${target} && mount -n -o remount,bind,ro,nosuid,nodev ${target}`;
          return [`if test -e ${target}; then { ${mount}; } || test ! -e ${target}; fi`];
        }
        const flags = step.writable ? 'nosuid,nodev' : 'ro,nosuid,nodev';
        // Every mount below the source comes along (rbind) and is made read-only too.
        const below = step.writable ? [] : mounts.filter((mount) => contains(step.source, mount));
        return [
          step.directory ? `mkdir -p ${target}` : `touch ${target}`,
          `mount -n ${step.writable ? '--bind' : '--rbind'} ${quote(step.source)} ${target}`,
          `mount -n -o remount,bind,${flags} ${target}`,
          ...below.map(
            (mount) =>
              `mount -n -o remount,bind,${flags} ${inStage(join(step.path, mount.slice(step.source.length)))}`,
          ),
        ];
      }
    }
  };
  const script = [
    'set -eu',
    'SERVER_PATH=${PATH:-/usr/bin:/bin}',
    'PATH=/usr/sbin:/usr/bin:/sbin:/bin',
    `R=${quote(stage)}`,
    'mkdir -p -m 0700 "$R"',
    'mount -n -t tmpfs -o mode=0755,nosuid,nodev tmpfs "$R"',
    'mkdir "$R/proc" "$R/dev"',
    'mount -n -t proc -o nosuid,nodev,noexec proc "$R/proc"',
    'mount -n -t tmpfs -o mode=0755,nosuid tmpfs "$R/dev"',
    ...DEVICES.map(([name, major, minor]) => `mknod -m 666 "$R/dev/${name}" c ${major} ${minor}`),
    'ln -s /proc/self/fd "$R/dev/fd"',
    ...['stdin', 'stdout', 'stderr'].map((name, fd) => `ln -s /proc/self/fd/${fd} "$R/dev/${name}"`),
    'mkdir "$R/dev/shm" "$R/dev/pts"',
    'mount -n -t devpts -o newinstance,ptmxmode=0666,mode=620 devpts "$R/dev/pts"',
    'ln -s pts/ptmx "$R/dev/ptmx"',
    ...sandboxView(layout).flatMap(build),
    `echo ${SANDBOX_HOSTNAME} > /proc/sys/kernel/hostname`,
    'ip link set lo up',
    'mkdir "$R/dev/.old-root"',
    'cd "$R"',
    'pivot_root . dev/.old-root',
    'umount -n -l /dev/.old-root',
    'rmdir /dev/.old-root',
    'mount -n -o remount,ro /',
    `cd ${quote(cwd)}`,
    'PATH=$SERVER_PATH',
    '"$@"',
  ].join('\n');
  return [...UNSHARE_ARGUMENTS, '--', '/bin/sh', '-c', script, 'sh'];
}

/** Every mount point of the host (hintproof's view), for the read-only remount of those a bind brings along. */
function hostMounts(): string[] {
  const targets = readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[4])
    .filter((target): target is string => target !== undefined && target !== '')
    .map((target) =>
      target.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8))),
    );
  return [...new Set(targets)];
}

/** One shell word, single-quoted. */
function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
