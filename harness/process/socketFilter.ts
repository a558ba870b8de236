/**
 * The seccomp filter of a sandboxed server: `socket` and `socketpair` fail with EAFNOSUPPORT for every address
 * family but those a server needs (unix, IPv4, IPv6, and netlink for libc's interface and address look-ups).
 * A network namespace stops none of the others: AF_VSOCK reaches the hypervisor's host, AF_PACKET, AF_ALG and
 * AF_BLUETOOTH reach the kernel's or the machine's devices.
 */

/** unix, IPv4, IPv6, netlink: everything else is refused. */
export const ALLOWED_FAMILIES = [1, 2, 10, 16] as const;

const EAFNOSUPPORT = 97;
const SECCOMP_RET_ALLOW = 0x7fff0000;
const SECCOMP_RET_ERRNO = 0x00050000;

/** `socket` and `socketpair` by audit architecture: each table the kernel may be entered through. */
const TABLES: readonly {
  readonly arch: number;
  readonly calls: readonly [number, number];
  readonly mask?: number;
}[] = [
  // x86_64, and x32 (the same audit arch, numbers with bit 30 set): the bit is masked off.
  { arch: 0xc000003e, calls: [41, 53], mask: ~0x40000000 >>> 0 },
  // i386 on x86_64. Its `socketcall` (102) passes the family in memory, out of a filter's reach: not filtered.
  { arch: 0x40000003, calls: [359, 360] },
  { arch: 0xc00000b7, calls: [198, 199] }, // aarch64
  { arch: 0x40000028, calls: [281, 288] }, // arm (EABI) on aarch64
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

/** struct seccomp_data: nr, arch, then (after the instruction pointer) args[0], little-endian. */
const OFFSET = { nr: 0, arch: 4, family: 16 } as const;

type Instruction =
  | { readonly op: number; readonly k: number }
  | { readonly op: typeof JEQ_K; readonly k: number; readonly then: string }
  | { readonly label: string };

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
    for (const call of table.calls) program.push({ op: JEQ_K, k: call, then: 'family' });
    program.push({ op: RET_K, k: SECCOMP_RET_ALLOW });
  }
  program.push({ label: 'family' }, { op: LD_W_ABS, k: OFFSET.family });
  for (const family of ALLOWED_FAMILIES) program.push({ op: JEQ_K, k: family, then: 'allow' });
  program.push({ op: RET_K, k: SECCOMP_RET_ERRNO | EAFNOSUPPORT });
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
