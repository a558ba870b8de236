import { execFileSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { familyFilterGap, sandboxExec } from '../../../harness/process/sandboxExec.js';
import { ALLOWED_FAMILIES, socketFilter } from '../../../harness/process/socketFilter.js';

const ALLOW = 0x7fff0000;
const REFUSE = 0x00050000 | 97; // SECCOMP_RET_ERRNO | EAFNOSUPPORT
const EPERM = 0x00050000 | 1; // SECCOMP_RET_ERRNO | EPERM
const TRACE = 0x7ff00000; // SECCOMP_RET_TRACE

const ARCH = {
  x86_64: 0xc000003e,
  i386: 0x40000003,
  aarch64: 0xc00000b7,
  arm: 0x40000028,
  riscv64: 0xc00000f3,
};

/** Runs the classic BPF program on one call, as the kernel would (the opcodes the filter may use, no others). */
function run(program: Buffer, call: { arch: number; nr: number; family: number; arg1?: number }): number {
  const data = Buffer.alloc(64);
  data.writeUInt32LE(call.nr, 0);
  data.writeUInt32LE(call.arch, 4);
  data.writeUInt32LE(call.family, 16);
  data.writeUInt32LE(call.arg1 ?? 0, 24);
  let accumulator = 0;
  for (let pc = 0; pc * 8 < program.length; pc++) {
    const op = program.readUInt16LE(pc * 8);
    const jt = program.readUInt8(pc * 8 + 2);
    const jf = program.readUInt8(pc * 8 + 3);
    const k = program.readUInt32LE(pc * 8 + 4);
    if (op === 0x20) accumulator = data.readUInt32LE(k);
    else if (op === 0x54) accumulator = (accumulator & k) >>> 0;
    else if (op === 0x15) pc += accumulator === k ? jt : jf;
    else if (op === 0x06) return k;
    else throw new Error(`unexpected opcode ${op.toString(16)} at ${pc}`);
  }
  throw new Error('the program ran off its end');
}

describe('socketFilter', () => {
  const program = socketFilter();

  it('refuses socket and socketpair for every family but unix, IPv4, IPv6 and netlink', () => {
    const tables: [number, number, number][] = [
      [ARCH.x86_64, 41, 53],
      [ARCH.x86_64, 0x40000000 + 41, 0x40000000 + 53], // x32
      [ARCH.aarch64, 198, 199],
      [ARCH.arm, 281, 288],
    ];
    for (const [arch, socket, socketpair] of tables) {
      for (const nr of [socket, socketpair]) {
        for (let family = 0; family < 64; family++) {
          const expected = (ALLOWED_FAMILIES as readonly number[]).includes(family) ? ALLOW : REFUSE;
          expect(
            run(program, { arch, nr, family }),
            `arch ${arch.toString(16)} nr ${nr} family ${family}`,
          ).toBe(expected);
        }
      }
    }
    expect(ALLOWED_FAMILIES).toEqual([1, 2, 10, 16]);
  });

  it('gives i386 code no socket: socket, socketpair, and socketcall SYS_SOCKET and SYS_SOCKETPAIR', () => {
    for (const nr of [359, 360]) {
      for (const family of [1, 2, 10, 16, 40])
        expect(run(program, { arch: ARCH.i386, nr, family })).toBe(REFUSE);
    }
    // socketcall's first argument is the operation: 1 SYS_SOCKET, 8 SYS_SOCKETPAIR; 3 SYS_CONNECT needs a socket.
    expect(run(program, { arch: ARCH.i386, nr: 102, family: 1 })).toBe(REFUSE);
    expect(run(program, { arch: ARCH.i386, nr: 102, family: 8 })).toBe(REFUSE);
    for (const operation of [2, 3, 5, 9, 11]) {
      expect(run(program, { arch: ARCH.i386, nr: 102, family: operation })).toBe(ALLOW);
    }
  });

  it('sends io_uring_setup to the tracer, and lets nothing inside become one (ptrace, a notification listener)', () => {
    const tables: [number, number[], number[]][] = [
      [ARCH.x86_64, [101, 0x40000000 + 521], [317, 0x40000000 + 317]],
      [ARCH.i386, [26], [354]],
      [ARCH.aarch64, [117], [277]],
      [ARCH.arm, [26], [383]],
    ];
    for (const [arch, ptraces, seccomps] of tables) {
      const where = `arch ${arch.toString(16)}`;
      expect(run(program, { arch, nr: 425, family: 8 }), where).toBe(TRACE);
      if (arch === ARCH.x86_64) expect(run(program, { arch, nr: 0x40000000 + 425, family: 8 })).toBe(TRACE);
      for (const nr of ptraces) expect(run(program, { arch, nr, family: 0 }), `${where} ${nr}`).toBe(EPERM);
      for (const nr of seccomps) {
        // SECCOMP_SET_MODE_FILTER (1) with SECCOMP_FILTER_FLAG_NEW_LISTENER (8), alone or with TSYNC (1).
        expect(run(program, { arch, nr, family: 1, arg1: 8 }), `${where} ${nr}`).toBe(EPERM);
        expect(run(program, { arch, nr, family: 1, arg1: 9 }), `${where} ${nr}`).toBe(EPERM);
        expect(run(program, { arch, nr, family: 1, arg1: 0 }), `${where} ${nr}`).toBe(ALLOW);
        expect(run(program, { arch, nr, family: 1, arg1: 1 }), `${where} ${nr}`).toBe(ALLOW);
      }
    }
  });

  it('lets every other call through, and every call of an architecture it does not know', () => {
    // x86_64 connect, i386 socketcall SYS_CONNECT, aarch64 connect, x86_64 io_uring_enter and register.
    for (const [arch, nr] of [
      [ARCH.x86_64, 42],
      [ARCH.x86_64, 426],
      [ARCH.x86_64, 427],
      [ARCH.i386, 102],
      [ARCH.i386, 41],
      [ARCH.aarch64, 41],
      [ARCH.riscv64, 198],
    ] as const) {
      expect(run(program, { arch, nr, family: 40 })).toBe(ALLOW);
    }
  });
});

describe('sandboxExec (on the host, outside any sandbox)', () => {
  it('closes inherited descriptors, refuses AF_VSOCK, io_uring and ptrace, then runs the command', () => {
    expect(familyFilterGap()).toBeUndefined();
    const inherited = openSync('/etc/hostname', 'r');
    try {
      const probe =
        'for my $f (1, 2, 10, 40, 17) { my $ok = socket(my $s, $f, $f == 17 ? 3 : 1, 0);' +
        ' print "$f=", ($ok ? "ok" : $! + 0), " " } opendir(my $d, "/proc/self/fd");' +
        ' print "fds=", join(",", sort grep { /^[0-9]+$/ } readdir $d);' +
        // io_uring_setup(8, params), ptrace(PTRACE_TRACEME), seccomp(SET_MODE_FILTER, NEW_LISTENER or 0, NULL).
        ' my $p = "\\0" x 120; print " ring=", (syscall(425, 8, $p) >= 0 ? "ok" : $! + 0);' +
        ' print " traceme=", (syscall(101, 0, 0, 0, 0) >= 0 ? "ok" : $! + 0);' +
        ' syscall(317, 1, 8, 0); print " listener=", $! + 0; syscall(317, 1, 0, 0); print " filter=", $! + 0';
      const [command = '', ...args] = [...sandboxExec(), 'perl', '-e', probe];
      const output = execFileSync(command, args, {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe', inherited, inherited],
      });
      // fd 3 is the probe's own listing of /proc/self/fd; 3 and 4 (inherited) were closed.
      // No tracer here: io_uring_setup fails with ENOSYS (38); a filter without a listener gets only EFAULT (14).
      expect(output).toBe('1=ok 2=ok 10=ok 40=97 17=97 fds=0,1,2,3 ring=38 traceme=1 listener=1 filter=14');
    } finally {
      closeSync(inherited);
    }
  });

  it('never says hintproof on its command line (the sandbox sees it)', () => {
    expect(sandboxExec().join(' ')).not.toMatch(/hintproof/i);
    expect(sandboxExec('riscv64', 'LE').join(' ')).not.toMatch(/hintproof/i);
  });

  it('says that a host it does not know runs unfiltered', () => {
    expect(familyFilterGap('riscv64', 'LE')).toMatch(/not filtered on this host \(riscv64, little-endian/);
    expect(familyFilterGap('x64', 'BE')).toMatch(/big-endian/);
    expect(sandboxExec('riscv64', 'LE').join(' ')).not.toContain('seccomp');
    expect(sandboxExec('x64', 'LE').join(' ')).toContain('seccomp');
  });
});
