import { existsSync } from 'node:fs';
import { endianness } from 'node:os';
import { FILTER_HOSTS, socketFilter } from './socketFilter.js';
import { SpawnError } from './spawnError.js';

/** Where perl may be: perl-base is Essential on Debian and Ubuntu, and `/usr` is shown in every sandbox. */
const PERLS = ['/usr/bin/perl', '/bin/perl'];

/** Why a host without perl has no isolation (said on the report's first line). */
export const PERL_MISSING = 'perl is needed by the sandbox launcher: install perl-base';

/** The perl `sandboxExec` runs, or `undefined` on a host without one. */
export function findPerl(exists: (path: string) => boolean = existsSync): string | undefined {
  return PERLS.find((path) => exists(path));
}

/**
 * Why address families are not filtered on this host (its architecture or byte order is not one the filter
 * knows), for the report; `undefined` where they are.
 */
export function familyFilterGap(
  arch: string = process.arch,
  order: string = endianness(),
): string | undefined {
  if (order === 'LE' && FILTER_HOSTS[arch] !== undefined) return undefined;
  return (
    `address families are not filtered on this host (${arch}, ${order === 'LE' ? 'little' : 'big'}-endian; ` +
    'the filter knows x64 and arm64): a server may open AF_VSOCK or AF_PACKET sockets'
  );
}

/**
 * The first program run inside the sandbox, before setpriv, prlimit, the relay and the server: it closes every
 * descriptor above stderr (hintproof's own inherited ones, a shell's, a CI runner's: libuv passes them all,
 * and so do bubblewrap and unshare), then sets no_new_privs and installs `socketFilter`, then executes the
 * command in its place. Everything after it inherits only stdio and the filter. perl (`-t`: PERL5OPT and
 * PERL5LIB are not read, the command's environment is passed on untouched); it exits 126 when it cannot do
 * any of this, so no server ever runs with a descriptor left open or a filter missing. The filter also sends
 * io_uring_setup to the tracer (strace refuses it and lists the attempt; ENOSYS with no tracer) and gives
 * i386 code no socket (see `socketFilter`). Its command line is
 * seen inside (the sandbox's PID 1 holds it): it never says hintproof. On a host whose
 * architecture or byte order the filter does not know, it only closes the descriptors (see `familyFilterGap`).
 * Returns the command line to put before the sandboxed command.
 */
export function sandboxExec(arch: string = process.arch, order: string = endianness()): string[] {
  const perl = findPerl();
  if (perl === undefined) {
    throw new SpawnError(
      `Could not isolate the server: perl was not found at ${PERLS.join(' or ')}; the sandbox needs it to ` +
        'close inherited descriptors and refuse address families. Install perl (apt-get install perl-base), ' +
        'or run with --no-isolation.',
      'ENOENT',
    );
  }
  const host = familyFilterGap(arch, order) === undefined ? FILTER_HOSTS[arch] : undefined;
  const filter =
    host === undefined
      ? []
      : [
          `syscall(${host.prctl}, 38, 1, 0, 0, 0) == 0 or fail("no_new_privs: $!");`,
          `my $filter = pack('H*', '${socketFilter().toString('hex')}');`,
          `syscall(${host.seccomp}, 1, 0, pack('S x![P] P', length($filter) / 8, $filter)) == 0`,
          '  or fail("seccomp: $!");',
        ];
  const script = [
    'no warnings;',
    'sub fail { print STDERR "sandbox launcher: $_[0]\\n"; exit 126 }',
    'opendir(my $fds, "/proc/self/fd") or fail("/proc/self/fd: $!");',
    'my @open = grep { /^[0-9]+$/ && $_ > 2 } readdir($fds);',
    'closedir($fds);',
    host === undefined
      ? 'require POSIX; POSIX::close($_) for @open;'
      : `syscall(${host.close}, $_) for @open;`,
    ...filter,
    'exec { $ARGV[0] } @ARGV;',
    'fail("could not run $ARGV[0]: $!");',
  ].join('\n');
  return [perl, '-t', '-e', script, '--'];
}
