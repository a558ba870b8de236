import type { TracedSocket } from './socketDecoration.js';
import { socketOf, withoutDecorations } from './socketDecoration.js';
import type { TracedAddress } from './tracedAddress.js';

/** One traced call that names an address or a socket (or cannot be observed at all). */
export interface TracedCall {
  readonly syscall:
    'connect' | 'bind' | 'sendto' | 'sendmsg' | 'sendmmsg' | 'write' | 'writev' | 'io_uring_setup';
  /**
   * Every address the call names (sendmmsg may name several; none for io_uring_setup, nor for a send on a
   * connected socket: its `socket` says where it goes).
   */
  readonly addresses: readonly TracedAddress[];
  /** The socket the call acts on, as strace decorated its fd (absent for files, pipes, undecorated fds). */
  readonly socket?: TracedSocket;
  /** A TCP Fast Open send: a connection, not a datagram. */
  readonly fastOpen: boolean;
  /** The errno it failed with, `connected`/`sent`/`bound` when it succeeded, `pending` when unfinished. */
  readonly result: string;
  /** The task that made it (strace -f), which a `<... resumed>` line names again. */
  readonly pid?: number;
}

/** The end of a call strace split: the task and the result the `<unfinished ...>` line lacked. */
export interface ResumedCall {
  readonly pid: number;
  readonly result: string;
}

const CALL = /^(?:(\d+) +)?(connect|bind|sendto|sendmsg|sendmmsg|writev|write|io_uring_setup)\(/;
const RESUMED = /^(\d+) +<\.\.\. (connect|bind|sendto|sendmsg|sendmmsg) resumed>/;
const IP =
  /\{sa_family=AF_INET6?, sin6?_port=htons\((\d+)\),[^}]*?(?:inet_addr\("([0-9.]+)"\)|inet_pton\(AF_INET6, "([0-9A-Fa-f:.]+)")/g;
const UNIX = /\{sa_family=AF_UNIX, sun_path=(@?)"((?:[^"\\]|\\.)*)"/g;

/**
 * Pure: the call of one strace line (`-s 0`, so no data the server sent is printed; `--decode-fds=socket`,
 * so a socket fd is followed by what strace knows of it, and no file's path is printed), if it is one of the
 * traced ones and names an address or a socket. A line strace split (`<unfinished ...>`) is read with its
 * address and `pending`; its `<... resumed>` half names no address and is skipped. Paths stay escaped, as
 * strace prints them. Addresses are read with the socket decorations removed: a unix path in one is the
 * server's text.
 */
export function parseTraceLine(line: string): TracedCall | undefined {
  const call = CALL.exec(line);
  if (!call) return undefined;
  const syscall = call[2] as TracedCall['syscall'];
  const socket = socketOf(line.slice(call[0].length));
  // A write to a file or pipe (most writes) is no concern, and is dropped before any other work.
  if ((syscall === 'write' || syscall === 'writev') && socket === undefined) return undefined;
  const args = withoutDecorations(line);
  const addresses: TracedAddress[] = [];
  const found: { at: number; address: TracedAddress }[] = [];
  for (const match of args.matchAll(IP)) {
    const address = match[2] ?? match[3] ?? '';
    found.push({ at: match.index, address: { family: 'ip', address, port: Number(match[1]) } });
  }
  for (const match of args.matchAll(UNIX)) {
    const path = match[2] ?? '';
    found.push({ at: match.index, address: { family: 'unix', path, abstract: match[1] === '@' } });
  }
  for (const { address } of found.sort((a, b) => a.at - b.at)) addresses.push(address);
  if (syscall !== 'io_uring_setup' && addresses.length === 0 && socket === undefined) return undefined;
  return {
    syscall,
    addresses: syscall === 'connect' || syscall === 'bind' ? addresses.slice(0, 1) : addresses,
    ...(socket === undefined ? {} : { socket }),
    fastOpen: syscall === 'sendto' && /, MSG_FASTOPEN\b|\|MSG_FASTOPEN\b/.test(args),
    result: resultOf(line, syscall),
    ...(call[1] === undefined ? {} : { pid: Number(call[1]) }),
  };
}

/** Pure: the task and result of a `PID <... connect resumed>) = 0` line (the end of a call strace split). */
export function parseResumed(line: string): ResumedCall | undefined {
  const resumed = RESUMED.exec(line);
  if (!resumed) return undefined;
  return { pid: Number(resumed[1]), result: resultOf(line, resumed[2] as TracedCall['syscall']) };
}

function resultOf(line: string, syscall: TracedCall['syscall']): string {
  // At the end of the line: a path the server chose may hold text that looks like a result.
  const ending = / = (?:-1 (E[A-Z0-9]+)|\d+)(?: \([^()]*\))*$/.exec(line);
  const succeeded = syscall === 'connect' ? 'connected' : syscall === 'bind' ? 'bound' : 'sent';
  return ending === null ? 'pending' : (ending[1] ?? succeeded);
}
