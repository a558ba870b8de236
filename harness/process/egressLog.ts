import { posix } from 'node:path';
import type { EgressAttempt } from './egressAttempt.js';
import { destinationKey } from './egressAttempt.js';
import { endpointKey } from './socketDecoration.js';
import type { TracedAddress } from './tracedAddress.js';
import type { TracedCall } from './traceLine.js';
import { parseResumed, parseTraceLine } from './traceLine.js';

/** What of the sandbox's own a trace may name without it being egress. */
export interface EgressScope {
  /** Directories (inside paths) holding the sandbox's ways to its services, e.g. the pg gate's socket. */
  readonly gates?: readonly string[];
}

/** Distinct attempts one window lists; the rest are counted in one `flood` attempt. */
export const EGRESS_LISTED = 100;

/** Destinations counted over a server's life; attempts to more are not counted (a flood lists them). */
const COUNTED_DESTINATIONS = 4 * EGRESS_LISTED;

/** Sockets (and IP peers) whose connect is remembered; the oldest is forgotten past this. */
const CONNECTIONS = 4096;

/** A line longer than this is no strace line of the traced calls: it is dropped and counted as flooded. */
const LINE_LIMIT = 1024 * 1024;

/**
 * libc's own name-service cache socket, tried by every passwd, group or host look-up: asking for it when it is
 * absent (always, inside the sandbox) reaches nothing and is no sign of a tool reaching out.
 */
const NSCD_SOCKETS = new Set(['/var/run/nscd/socket', '/run/nscd/socket']);

/**
 * The attempts of a sandboxed server to reach outside, read from its strace output as it comes (`feed`) and
 * handed out per window (`take`). Egress is every call that names an address outside the sandbox:
 *
 * - IP (`connect`, or `sendto`/`sendmsg`/`sendmmsg` with an address): any address but loopback, and loopback
 *   ports nothing in the sandbox bound (in its own network namespace, only a host service could be meant);
 *   port 53 is a name look-up (`dns`), a TCP Fast Open send a `connect`, other sends a `datagram`;
 * - unix sockets (`unix`): any path but its gates' (read-only, hintproof's) and those the sandbox bound itself
 *   when the call did not lead elsewhere. A path it bound is no proof of where the call went: the server may
 *   have swapped a directory on the way for a link to a host directory since. What it met is what counts: the
 *   sandbox's view covers every host socket and FIFO with a mode-000 file, so a call that met that, or a
 *   read-only file, failed in a way no socket of its own gives (`ledElsewhere`): egress (a call strace split
 *   is judged when its end is read). One that connected, or failed as a socket of its own can (nobody
 *   listening, gone), is not. Abstract names are the network namespace's own, and so the sandbox's;
 * - `io_uring_setup`, refused by the trace (its operations, connects included, could not be observed);
 * - a send with no address (`send`, `write`, `sendmsg` without a name) on a socket a `connect` seen in the
 *   trace pointed somewhere: to where that connect went, by the same rules (a datagram, or a connection for
 *   a stream; unix: when the connect itself was egress). The socket is known by the name strace gave it on
 *   the connect line (`TracedSocket.identity`), or by the peer strace prints (`local->peer`) when a connect
 *   named that peer. A socket no connect led to (an accepted connection, a socketpair) is the sandbox's own.
 *
 * Bounded: each window lists at most `EGRESS_LISTED` distinct attempts (repeats are listed once) and counts
 * the rest in one `flood` attempt, so a server looping connects costs neither memory nor disk. Every attempt,
 * repeats too, is also counted by destination over the log's whole life (`counted`), up to
 * `COUNTED_DESTINATIONS` destinations.
 */
export class EgressLog {
  private partial = '';
  private readonly boundPorts = new Set<number>();
  private readonly boundPaths = new Set<string>();
  /** Per task, a call to a path the sandbox bound whose end strace has not written yet (and its socket). */
  private readonly unfinished = new Map<number, { attempt: EgressAttempt; identity?: string }>();
  /** Where each socket a connect named went (by `TracedSocket.identity`), and whether that was egress. */
  private readonly connections = new Map<string, { address: TracedAddress; egress: boolean }>();
  /** The IP peers connects named (`endpointKey`). */
  private readonly peers = new Set<string>();
  private listed = new Map<string, EgressAttempt>();
  private omitted = 0;
  /** Attempts since the previous `take`, by destination (`destinationKey`). */
  private counting = new Map<string, number>();
  /** Attempts up to the previous `take`, by destination. */
  private readonly totals = new Map<string, number>();

  constructor(private readonly scope: EgressScope = {}) {}

  /** Reads more of the trace; a line cut in the middle is completed by the next text. */
  feed(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    if (this.partial.length > LINE_LIMIT) {
      this.partial = '';
      this.omitted += 1;
    }
    for (const line of lines) this.read(line);
  }

  /** The attempts since the previous `take`, then starts a new window. */
  take(): EgressAttempt[] {
    const attempts = [...this.listed.values()];
    if (this.omitted > 0) {
      attempts.push({
        kind: 'flood',
        destination: `${this.omitted} more attempt${this.omitted === 1 ? '' : 's'}`,
        result: 'not listed',
      });
    }
    this.listed = new Map();
    this.omitted = 0;
    for (const [key, count] of this.counting) this.totals.set(key, (this.totals.get(key) ?? 0) + count);
    this.counting = new Map();
    return attempts;
  }

  /**
   * How many attempts each destination (`destinationKey`) got from the start of the trace up to the last
   * `take`, repeats included: what a call's run and a control run reached over the same stretch of life.
   */
  counted(): ReadonlyMap<string, number> {
    return new Map(this.totals);
  }

  private read(line: string): void {
    const call = parseTraceLine(line);
    if (call === undefined) return this.resumed(line);
    if (call.syscall === 'io_uring_setup') {
      const result = call.result === 'EPERM' ? 'blocked' : call.result;
      return this.add({ kind: 'io_uring', destination: 'io_uring_setup', result });
    }
    if (call.addresses.length === 0) return this.sentOnSocket(call);
    for (const address of call.addresses) {
      if (call.syscall === 'bind') this.bound(address, call.result);
      else {
        const attempt = this.classify(call, address);
        if (attempt !== undefined) this.add(attempt);
        if (call.syscall === 'connect') this.connected(call, address, attempt);
      }
    }
  }

  /** Remembers where a connect sent its socket (whatever its result: a non-blocking one ends later). */
  private connected(call: TracedCall, address: TracedAddress, attempt: EgressAttempt | undefined): void {
    const identity = call.socket?.identity;
    if (identity !== undefined) {
      this.connections.delete(identity);
      if (this.connections.size >= CONNECTIONS)
        this.connections.delete(this.connections.keys().next().value ?? '');
      this.connections.set(identity, { address, egress: attempt !== undefined });
    }
    if (address.family === 'ip' && !this.peers.has(endpointKey(address))) {
      if (this.peers.size >= CONNECTIONS) this.peers.delete(this.peers.values().next().value ?? '');
      this.peers.add(endpointKey(address));
    }
  }

  /** A send with no address: egress when the socket's connect went outside (see the class comment). */
  private sentOnSocket(call: TracedCall): void {
    const socket = call.socket;
    if (socket === undefined || call.syscall === 'connect' || call.syscall === 'bind') return;
    const known = this.connections.get(socket.identity);
    const peer =
      socket.peer !== undefined && this.peers.has(endpointKey(socket.peer)) ? socket.peer : undefined;
    const address = known?.address ?? peer;
    if (address === undefined) return;
    if (address.family === 'unix') {
      if (known?.egress === true) this.add({ kind: 'unix', destination: address.path, result: call.result });
      return;
    }
    const attempt = this.classify(call, address, socket.stream);
    if (attempt !== undefined) this.add(attempt);
  }

  /** The end of a split call to a path the sandbox bound: egress when it led elsewhere (`ledElsewhere`). */
  private resumed(line: string): void {
    const end = parseResumed(line);
    const unfinished = end === undefined ? undefined : this.unfinished.get(end.pid);
    if (end === undefined || unfinished === undefined) return;
    this.unfinished.delete(end.pid);
    if (!ledElsewhere(end.result)) return;
    const { attempt, identity } = unfinished;
    this.add({ ...attempt, result: end.result });
    const known = identity === undefined ? undefined : this.connections.get(identity);
    if (identity !== undefined && known !== undefined)
      this.connections.set(identity, { ...known, egress: true });
  }

  private bound(address: TracedAddress, result: string): void {
    if (result !== 'bound' && result !== 'pending') return;
    if (address.family === 'ip') this.boundPorts.add(address.port);
    else if (!address.abstract) this.boundPaths.add(posix.normalize(address.path));
  }

  /** `stream`: a send without address on a connected stream socket (data of a connection, not a datagram). */
  private classify(call: TracedCall, address: TracedAddress, stream = false): EgressAttempt | undefined {
    if (address.family === 'unix') {
      if (address.abstract) return undefined;
      const path = posix.normalize(address.path);
      const gates = this.scope.gates ?? [];
      if (gates.some((gate) => path === gate || path.startsWith(`${gate}/`))) return undefined;
      if (call.result === 'ENOENT' && NSCD_SOCKETS.has(path)) return undefined;
      const attempt: EgressAttempt = { kind: 'unix', destination: address.path, result: call.result };
      if (!this.boundPaths.has(path)) return attempt;
      if (call.result === 'pending' && call.pid !== undefined) {
        const identity = call.socket?.identity;
        this.unfinished.set(call.pid, { attempt, ...(identity === undefined ? {} : { identity }) });
        return undefined;
      }
      return ledElsewhere(call.result) ? attempt : undefined;
    }
    const loopback =
      address.address.startsWith('127.') ||
      ['::1', '::ffff:127.0.0.1', '0.0.0.0', '::'].includes(address.address);
    if (address.port !== 53 && loopback && this.boundPorts.has(address.port)) return undefined;
    const destination = address.address.includes(':')
      ? `[${address.address}]:${address.port}`
      : `${address.address}:${address.port}`;
    const kind =
      address.port === 53
        ? 'dns'
        : call.syscall === 'connect' || call.fastOpen || stream
          ? 'connect'
          : 'datagram';
    return { kind, destination, result: call.result };
  }

  private add(attempt: EgressAttempt): void {
    this.count(destinationKey(attempt));
    const key = `${attempt.kind}\0${attempt.destination}\0${attempt.result}`;
    if (this.listed.has(key)) return;
    if (this.listed.size >= EGRESS_LISTED) this.omitted += 1;
    else this.listed.set(key, attempt);
  }

  private count(key: string): void {
    const known = this.counting.has(key) || this.totals.has(key);
    if (!known && this.counting.size + this.totals.size >= COUNTED_DESTINATIONS) return;
    this.counting.set(key, (this.counting.get(key) ?? 0) + 1);
  }
}

/**
 * Whether a call to a unix path the sandbox bound itself ended where the sandbox made no socket: the server
 * swapped a directory on the way for a link to a host directory. There every socket and FIFO is covered by a
 * mode-000 file (`SandboxLayout.mask`, EACCES), and any other file is read-only (EROFS) or no socket
 * (ENOTSOCK, EPERM). A socket of its own gives none of these: connected, sent, or, when nobody listens or it
 * is gone, ECONNREFUSED, EAGAIN or ENOENT (nothing reached).
 */
function ledElsewhere(result: string): boolean {
  return result === 'EACCES' || result === 'EROFS' || result === 'ENOTSOCK' || result === 'EPERM';
}
