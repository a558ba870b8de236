import { spawnSync } from 'node:child_process';
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { EgressAttempt } from './egressAttempt.js';
import type { EgressScope } from './egressLog.js';
import { EgressLog } from './egressLog.js';
import { makeFifo } from './fifoSupply.js';
import type { SpawnOptions } from './spawnServer.js';

/** How often the trace is drained while nobody asks (so that strace, and the server it holds, never waits long). */
const DRAIN_MS = 50;

let available: boolean | undefined;

/** Whether strace can observe connections here (probed once). */
export function egressTraceAvailable(): boolean {
  available ??= spawnSync('strace', ['-V'], { stdio: 'ignore', timeout: 5000 }).status === 0;
  return available;
}

/**
 * Calls each new task makes first: a glibc thread registers `rseq` and `set_robust_list` as it starts, a glibc
 * fork child `set_robust_list`, and a program begins with `execve`.
 */
const TASK_START_CALLS = ['execve', 'rseq', 'set_robust_list'];

/**
 * The calls that reach out: those naming an address, and the sends that need none on a connected socket
 * (`send` is `sendto` without one; node's dgram `send` is `sendmsg` without a name). `write`/`writev` on a
 * socket are not traced: every write of the server would stop it (no seccomp rule tells a socket from a
 * file), which cost 0.4 CPU-s more per default check of server-filesystem (5.9 against 5.3, +11%). Only a UDP
 * socket can be connected outside the sandbox's reach (TCP to a host is refused or unreachable in its network
 * namespace), so what goes unseen is a datagram written with `write` (Go's `conn.Write`) to a destination
 * connected earlier: its `connect` is seen, when it happens.
 */
const TRACED_CALLS = ['connect', 'bind', 'sendto', 'sendmsg', 'sendmmsg', 'io_uring_setup'];

/**
 * Wraps a spawn so that every call of the whole process tree that names an address or sends on a socket
 * (`TRACED_CALLS`) is written to `trace`, a FIFO made by `createEgressReader` (strace with a seccomp filter:
 * only those calls stop the tracee; `-s 0`: no data the server sends is copied; `--decode-fds=socket`: a
 * socket fd is printed with its ends, `5<UDP:[127.0.0.1:40000->127.0.0.1:8125]>`, so a send with no address
 * is attributed to its socket's peer, and no file's path is printed). io_uring is refused
 * (io_uring_setup fails with EPERM, and the attempt is traced): what it would do could not be observed. The
 * sandbox's seccomp filter sends io_uring_setup to the tracer rather than refusing it itself (a refusal there
 * would outrank this stop and hide the attempt), and refuses it with ENOSYS when no tracer is attached.
 *
 * `TASK_START_CALLS` are traced too, for speed alone (their lines name no address and are skipped): strace
 * (6.1 to at least 6.8) stops a new thread or process at every system call until its first seccomp stop, and
 * a thread that never touches the network (a libuv worker, a forked `git`) would otherwise be stopped twice per
 * call for its whole life. Measured on the notes server: 1000 calls cost the server 0.50 CPU-s and strace
 * 0.20 traced this way, 0.33 and 0.00 with these calls added, as untraced.
 */
export function tracedSpawn(options: SpawnOptions, trace: string): SpawnOptions {
  return {
    ...options,
    command: 'strace',
    args: [
      '-f',
      '-qq',
      '--seccomp-bpf',
      '-s',
      '0',
      '--decode-fds=socket',
      '-e',
      `trace=${TRACED_CALLS.join(',')},${TASK_START_CALLS.join(',')}`,
      '-e',
      'inject=io_uring_setup:error=EPERM',
      '-e',
      'signal=none',
      '-o',
      trace,
      options.command,
      ...options.args,
    ],
  };
}

/** The egress of one traced server, as it happens. */
export interface EgressReader {
  /** The attempts since the previous `read()` (see `EgressLog` for what counts, and its bound). */
  read(): Promise<EgressAttempt[]>;
  /** Attempts by destination (`destinationKey`) from the server's start up to the last `read()`, repeats included. */
  counted(): ReadonlyMap<string, number>;
  /** Stops reading and closes the FIFO (remove its path afterwards). */
  close(): void;
}

/**
 * Makes `trace` a FIFO (mode 0600; its directory must be hintproof's own, out of the server's reach) and reads
 * it for `tracedSpawn`: nothing is written to disk, however fast the server tries to connect, and what strace
 * wrote before a `read()` is in that read (the FIFO is drained then). Held open read-write, so strace can open
 * it before anyone reads and it never reaches end-of-file.
 */
export async function createEgressReader(trace: string, scope: EgressScope = {}): Promise<EgressReader> {
  // Made by a child, not spawnSync: sessions start while others run, and a synchronous spawn stalls them all.
  try {
    await makeFifo(trace);
  } catch (error) {
    throw new Error(
      `egress: could not make the trace FIFO ${trace} (${(error as Error).message}). ` +
        'mkfifo (coreutils) is needed with strace; install it, or use --no-isolation.',
    );
  }
  const fd = openSync(trace, constants.O_RDWR | constants.O_NONBLOCK);
  const log = new EgressLog(scope);
  const decoder = new StringDecoder('utf8');
  const buffer = Buffer.alloc(64 * 1024);
  let open = true;
  const drain = (): void => {
    while (open) {
      let bytes: number;
      try {
        bytes = readSync(fd, buffer, 0, buffer.length, null);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return;
        throw error;
      }
      if (bytes === 0) return;
      log.feed(decoder.write(buffer.subarray(0, bytes)));
    }
  };
  const timer = setInterval(drain, DRAIN_MS);
  timer.unref();
  return {
    read() {
      drain();
      return Promise.resolve(log.take());
    },
    counted: () => log.counted(),
    close() {
      if (!open) return;
      open = false;
      clearInterval(timer);
      closeSync(fd);
    },
  };
}
