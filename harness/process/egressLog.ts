import { posix } from 'node:path';
import type { EgressAttempt } from './egressAttempt.js';
import { destinationKey } from './egressAttempt.js';
import type { TracedAddress, TracedCall } from './traceLine.js';
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
 * - `io_uring_setup`, refused by the trace (its operations, connects included, could not be observed).
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
  /** Per task, a call to a path the sandbox bound whose end strace has not written yet. */
  private readonly unfinished = new Map<number, EgressAttempt>();
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
    for (const address of call.addresses) {
      if (call.syscall === 'bind') this.bound(address, call.result);
      else {
        const attempt = this.classify(call, address);
        if (attempt !== undefined) this.add(attempt);
      }
    }
  }

  /** The end of a split call to a path the sandbox bound: egress when it led elsewhere (`ledElsewhere`). */
  private resumed(line: string): void {
    const end = parseResumed(line);
    const attempt = end === undefined ? undefined : this.unfinished.get(end.pid);
    if (end === undefined || attempt === undefined) return;
    this.unfinished.delete(end.pid);
    if (ledElsewhere(end.result)) this.add({ ...attempt, result: end.result });
  }

  private bound(address: TracedAddress, result: string): void {
    if (result !== 'bound' && result !== 'pending') return;
    if (address.family === 'ip') this.boundPorts.add(address.port);
    else if (!address.abstract) this.boundPaths.add(posix.normalize(address.path));
  }

  private classify(call: TracedCall, address: TracedAddress): EgressAttempt | undefined {
    if (address.family === 'unix') {
      if (address.abstract) return undefined;
      const path = posix.normalize(address.path);
      const gates = this.scope.gates ?? [];
      if (gates.some((gate) => path === gate || path.startsWith(`${gate}/`))) return undefined;
      if (call.result === 'ENOENT' && NSCD_SOCKETS.has(path)) return undefined;
      const attempt: EgressAttempt = { kind: 'unix', destination: address.path, result: call.result };
      if (!this.boundPaths.has(path)) return attempt;
      if (call.result === 'pending' && call.pid !== undefined) {
        this.unfinished.set(call.pid, attempt);
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
      address.port === 53 ? 'dns' : call.syscall === 'connect' || call.fastOpen ? 'connect' : 'datagram';
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
