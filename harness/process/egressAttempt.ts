/** One attempt of a sandboxed server to reach something outside its sandbox. Nothing ever leaves the machine. */
export interface EgressAttempt {
  /**
   * - `connect`: a connection to an IP address (TCP, a UDP connect, a TCP Fast Open send);
   * - `dns`: anything to port 53 (a name look-up);
   * - `datagram`: a message sent to an IP address without a connection (UDP `sendto`/`sendmsg`);
   * - `unix`: a connection or message to a unix socket outside the sandbox (`destination` is its path);
   * - `io_uring`: an io_uring was asked for and refused: its operations (connects included) cannot be
   *   observed, so it is blocked and listed as an attempt;
   * - `flood`: more attempts than one call's list keeps (`destination` says how many were left out).
   */
  readonly kind: 'connect' | 'dns' | 'datagram' | 'unix' | 'io_uring' | 'flood';
  /** `93.184.216.34:443`, `[2606:2800::1]:443`, `127.0.0.1:5432`, `/var/run/docker.sock`. */
  readonly destination: string;
  /** How the attempt ended inside the sandbox, e.g. `ENETUNREACH`, `connected`, `sent`, `blocked`. */
  readonly result: string;
}

/**
 * The attempt in words, for reports: `connection to 127.0.0.1:1 (ECONNREFUSED)`, `name look-up via
 * 10.0.0.53:53 (ENETUNREACH)`, `datagram to 127.0.0.1:8125 (sent)`, `connection to unix socket
 * /var/run/docker.sock (ENOENT)`, `io_uring (blocked: its connections could not be observed)`, `egress
 * flooded: 4242 more attempts not listed`. `destination` is the server's own text: escape it for the output.
 */
export function describeEgress(attempt: EgressAttempt, withResult = true): string {
  const result = withResult ? ` (${attempt.result})` : '';
  switch (attempt.kind) {
    case 'dns':
      return `name look-up via ${attempt.destination}${result}`;
    case 'datagram':
      return `datagram to ${attempt.destination}${result}`;
    case 'unix':
      return `connection to unix socket ${attempt.destination}${result}`;
    case 'io_uring':
      return `io_uring${withResult ? ` (${attempt.result}: its connections could not be observed)` : ''}`;
    case 'flood':
      return `egress flooded: ${attempt.destination} not listed`;
    default:
      return `connection to ${attempt.destination}${result}`;
  }
}

/**
 * Where an attempt went, whatever its result: `dns 10.0.0.53:53`. Attempts are compared by it between a call
 * and its control run, and counted by it over a server's life.
 */
export function destinationKey(attempt: EgressAttempt): string {
  return `${attempt.kind} ${attempt.destination}`;
}
