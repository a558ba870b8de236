/** A socket address as strace prints it: an IP address and port, or a unix socket path. */
export type TracedAddress =
  | { readonly family: 'ip'; readonly address: string; readonly port: number }
  /**
   * `path` as strace prints it: bytes that are not printable ASCII, `"` and `\` are C escapes (`\303`, `\"`), so
   * the server's own text is never a raw control or bidi character here. `abstract`: in the abstract namespace
   * (`@name`), which is per network namespace: the sandbox's own.
   */
  | { readonly family: 'unix'; readonly path: string; readonly abstract: boolean };

/** One traced call that names an address (or cannot be observed at all). */
export interface TracedCall {
  readonly syscall: 'connect' | 'bind' | 'sendto' | 'sendmsg' | 'sendmmsg' | 'io_uring_setup';
  /** Every address the call names (sendmmsg may name several; none for io_uring_setup). */
  readonly addresses: readonly TracedAddress[];
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

const CALL = /^(?:(\d+) +)?(connect|bind|sendto|sendmsg|sendmmsg|io_uring_setup)\(/;
const RESUMED = /^(\d+) +<\.\.\. (connect|bind|sendto|sendmsg|sendmmsg) resumed>/;
const IP =
  /\{sa_family=AF_INET6?, sin6?_port=htons\((\d+)\),[^}]*?(?:inet_addr\("([^"]+)"\)|inet_pton\(AF_INET6, "([^"]+)")/g;
const UNIX = /\{sa_family=AF_UNIX, sun_path=(@?)"((?:[^"\\]|\\.)*)"/g;

/**
 * Pure: the call of one strace line (`-s 0`, so no data the server sent is printed), if it is one of the
 * traced ones. A line strace split (`<unfinished ...>`) is read with its address and `pending`; its
 * `<... resumed>` half names no address and is skipped. Paths stay escaped, as strace prints them.
 */
export function parseTraceLine(line: string): TracedCall | undefined {
  const call = CALL.exec(line);
  if (!call) return undefined;
  const syscall = call[2] as TracedCall['syscall'];
  const addresses: TracedAddress[] = [];
  const found: { at: number; address: TracedAddress }[] = [];
  for (const match of line.matchAll(IP)) {
    const address = match[2] ?? match[3] ?? '';
    found.push({ at: match.index, address: { family: 'ip', address, port: Number(match[1]) } });
  }
  for (const match of line.matchAll(UNIX)) {
    const path = match[2] ?? '';
    found.push({ at: match.index, address: { family: 'unix', path, abstract: match[1] === '@' } });
  }
  for (const { address } of found.sort((a, b) => a.at - b.at)) addresses.push(address);
  if (syscall !== 'io_uring_setup' && addresses.length === 0) return undefined;
  return {
    syscall,
    addresses: syscall === 'connect' || syscall === 'bind' ? addresses.slice(0, 1) : addresses,
    fastOpen: syscall === 'sendto' && /, MSG_FASTOPEN\b|\|MSG_FASTOPEN\b/.test(line),
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
