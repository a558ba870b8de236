/**
 * The seccomp filter of a sandboxed server: `socket` and `socketpair` fail with EAFNOSUPPORT for every address
 * family but those a server needs (unix, IPv4, IPv6, and netlink for libc's interface and address look-ups).
 * A network namespace stops none of the others: AF_VSOCK reaches the hypervisor's host, AF_PACKET, AF_ALG and
 * AF_BLUETOOTH reach the kernel's or the machine's devices. io_uring, whose IORING_OP_SOCKET makes a socket
 * without `socket`, is left to a tracer (refused with ENOSYS when there is none), and i386 code gets no socket.
 */

/** unix, IPv4, IPv6, netlink: everything else is refused. */
export const ALLOWED_FAMILIES = [1, 2, 10, 16] as const;

const EPERM = 1;
const EAFNOSUPPORT = 97;
const SECCOMP_RET_ALLOW = 0x7fff0000;
const SECCOMP_RET_ERRNO = 0x00050000;
const SECCOMP_RET_TRACE = 0x7ff00000;
/** seccomp(2)'s flag asking for a user-notification descriptor, whose holder can let a held call run. */
const SECCOMP_FILTER_FLAG_NEW_LISTENER = 8;
/** socketcall's SYS_SOCKET and SYS_SOCKETPAIR (its first argument, a register). */
const SOCKETCALL_CREATES = [1, 8] as const;

/**
 * What the filter does with one call:
 * - `family`: socket/socketpair, refused (EAFNOSUPPORT) unless its family is allowed;
 * - `sockets`: refused whatever the family (EAFNOSUPPORT): i386 programs get no sockets at all;
 * - `socketcall`: i386's multiplexer, refused (EAFNOSUPPORT) when it creates a socket (SYS_SOCKET,
 *   SYS_SOCKETPAIR: its other operations need a socket first);
 * - `ring`: io_uring_setup, whose IORING_OP_SOCKET and IORING_OP_CONNECT make sockets and connections no
 *   socket or connect call shows. SECCOMP_RET_TRACE: the tracer decides (strace refuses it with EPERM and the
 *   trace lists the attempt as egress); with no tracer it fails with ENOSYS. Nothing inside can become a
 *   tracer or outrank the decision, because of the next two;
 * - `ptrace`: refused (EPERM), so that no process of the sandbox traces another and lets a traced call run;
 * - `listener`: seccomp(2) refused (EPERM) when it asks for a user-notification descriptor, whose
 *   SECCOMP_USER_NOTIF_FLAG_CONTINUE would let a call run that this filter sends to a tracer (user
 *   notification outranks tracing); other filters, which only add refusals, may still be installed.
 */
type Rule = 'family' | 'sockets' | 'socketcall' | 'ring' | 'ptrace' | 'listener';

/** Each table the kernel may be entered through, by audit architecture: the calls it filters. */
const TABLES: readonly {
  readonly arch: number;
  readonly calls: readonly (readonly [number, Rule])[];
  readonly mask?: number;
}[] = [
  // x86_64, and x32 (the same audit arch, numbers with bit 30 set): the bit is masked off (x32's ptrace: 521).
  {
    arch: 0xc000003e,
    calls: [
      [41, 'family'],
      [53, 'family'],
      [425, 'ring'],
      [101, 'ptrace'],
      [521, 'ptrace'],
      [317, 'listener'],
    ],
    mask: ~0x40000000 >>> 0,
  },
  // i386 on x86_64: no sockets (a server has no business running i386 code).
  {
    arch: 0x40000003,
    calls: [
      [359, 'sockets'],
      [360, 'sockets'],
      [102, 'socketcall'],
      [425, 'ring'],
      [26, 'ptrace'],
      [354, 'listener'],
    ],
  },
  // aarch64
  {
    arch: 0xc00000b7,
    calls: [
      [198, 'family'],
      [199, 'family'],
      [425, 'ring'],
      [117, 'ptrace'],
      [277, 'listener'],
    ],
  },
  // arm (EABI) on aarch64: its socketcall is OABI's alone.
  {
    arch: 0x40000028,
    calls: [
      [281, 'family'],
      [288, 'family'],
      [425, 'ring'],
      [26, 'ptrace'],
      [383, 'listener'],
    ],
  },
];

/**
 * Hosts whose own system calls the filter knows, with the numbers `sandboxExec` calls: `close` (perl's POSIX
 * module would cost ~10 ms per start), `prctl` and `seccomp` to install the filter.
 */
export const FILTER_HOSTS: Readonly<
  Record<string, { readonly close: number; readonly prctl: number; readonly seccomp: number }>
> = {
  x64: { close: 3, prctl: 157, seccomp: 317 },
  arm64: { close: 57, prctl: 167, seccomp: 277 },
};

// Classic BPF opcodes.
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const AND_K = 0x54;
const RET_K = 0x06;

/** struct seccomp_data: nr, arch, then (after the instruction pointer) args[0] and args[1], little-endian. */
const OFFSET = { nr: 0, arch: 4, arg0: 16, arg1: 24 } as const;

type Instruction =
  | { readonly op: number; readonly k: number }
  | { readonly op: typeof JEQ_K; readonly k: number; readonly then: string }
  | { readonly label: string };

/** Where each rule's call goes (a label below the tables). */
const TARGET: Record<Rule, string> = {
  family: 'family',
  sockets: 'noFamily',
  socketcall: 'socketcall',
  ring: 'trace',
  ptrace: 'eperm',
  listener: 'listener',
};

/**
 * The filter as the kernel takes it (`struct sock_filter[]`, little-endian): 8 bytes per instruction. Any
 * other call, and any other architecture, is allowed. Pure.
 */
export function socketFilter(): Buffer {
  const program: Instruction[] = [{ op: LD_W_ABS, k: OFFSET.arch }];
  for (const [index, table] of TABLES.entries())
    program.push({ op: JEQ_K, k: table.arch, then: `table${index}` });
  program.push({ op: RET_K, k: SECCOMP_RET_ALLOW });
  for (const [index, table] of TABLES.entries()) {
    program.push({ label: `table${index}` }, { op: LD_W_ABS, k: OFFSET.nr });
    if (table.mask !== undefined) program.push({ op: AND_K, k: table.mask });
    for (const [call, rule] of table.calls) program.push({ op: JEQ_K, k: call, then: TARGET[rule] });
    program.push({ op: RET_K, k: SECCOMP_RET_ALLOW });
  }
  program.push({ label: 'family' }, { op: LD_W_ABS, k: OFFSET.arg0 });
  for (const family of ALLOWED_FAMILIES) program.push({ op: JEQ_K, k: family, then: 'allow' });
  program.push({ op: RET_K, k: SECCOMP_RET_ERRNO | EAFNOSUPPORT });
  program.push({ label: 'socketcall' }, { op: LD_W_ABS, k: OFFSET.arg0 });
  for (const operation of SOCKETCALL_CREATES) program.push({ op: JEQ_K, k: operation, then: 'noFamily' });
  program.push({ op: RET_K, k: SECCOMP_RET_ALLOW });
  program.push(
    { label: 'listener' },
    { op: LD_W_ABS, k: OFFSET.arg1 },
    { op: AND_K, k: SECCOMP_FILTER_FLAG_NEW_LISTENER },
    { op: JEQ_K, k: SECCOMP_FILTER_FLAG_NEW_LISTENER, then: 'eperm' },
    { op: RET_K, k: SECCOMP_RET_ALLOW },
  );
  program.push({ label: 'noFamily' }, { op: RET_K, k: SECCOMP_RET_ERRNO | EAFNOSUPPORT });
  program.push({ label: 'eperm' }, { op: RET_K, k: SECCOMP_RET_ERRNO | EPERM });
  program.push({ label: 'trace' }, { op: RET_K, k: SECCOMP_RET_TRACE });
  program.push({ label: 'allow' }, { op: RET_K, k: SECCOMP_RET_ALLOW });
  return assemble(program);
}

/** Resolves the labels into forward jumps (taken: to the label; not taken: the next instruction). */
function assemble(program: readonly Instruction[]): Buffer {
  const at = new Map<string, number>();
  const code: Exclude<Instruction, { label: string }>[] = [];
  for (const instruction of program) {
    if ('label' in instruction) at.set(instruction.label, code.length);
    else code.push(instruction);
  }
  const bytes = Buffer.alloc(code.length * 8);
  for (const [index, instruction] of code.entries()) {
    let jump = 0;
    if ('then' in instruction) {
      const target = at.get(instruction.then);
      if (target === undefined || target <= index || target - index - 1 > 255) {
        throw new Error(`socketFilter: no forward jump from ${index} to "${instruction.then}"`);
      }
      jump = target - index - 1;
    }
    bytes.writeUInt16LE(instruction.op, index * 8);
    bytes.writeUInt8(jump, index * 8 + 2);
    bytes.writeUInt8(0, index * 8 + 3);
    bytes.writeUInt32LE(instruction.k >>> 0, index * 8 + 4);
  }
  return bytes;
}
