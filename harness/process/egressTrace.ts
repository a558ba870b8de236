import { spawnSync } from 'node:child_process';
import { open } from 'node:fs/promises';
import type { SpawnOptions } from './spawnServer.js';

/** One attempt of a sandboxed server to reach something outside its sandbox. Nothing ever leaves the machine. */
export interface EgressAttempt {
  /** `connect` to an address, or `dns` to a name server (a name look-up). */
  readonly kind: 'connect' | 'dns';
  /** `93.184.216.34:443`, `[2606:2800::1]:443`, `127.0.0.1:5432`. */
  readonly destination: string;
  /** How the attempt ended inside the sandbox, e.g. `ENETUNREACH`. */
  readonly result: string;
}

let available: boolean | undefined;

/** Whether strace can observe connections here (probed once). */
export function egressTraceAvailable(): boolean {
  available ??= spawnSync('strace', ['-V'], { stdio: 'ignore', timeout: 5000 }).status === 0;
  return available;
}

/**
 * Wraps a spawn so that every `connect` and `bind` of the whole process tree is written to `logFile` (strace with a
 * seccomp filter: only those syscalls stop the tracee). The log must live where the server cannot write.
 */
export function tracedSpawn(options: SpawnOptions, logFile: string): SpawnOptions {
  return {
    ...options,
    command: 'strace',
    args: [
      '-f',
      '-qq',
      '--seccomp-bpf',
      '-e',
      'trace=connect,bind',
      '-e',
      'signal=none',
      '-o',
      logFile,
      options.command,
      ...options.args,
    ],
  };
}

/** Reads a trace log incrementally: each `read()` returns the attempts logged since the previous one. */
export interface EgressReader {
  read(): Promise<EgressAttempt[]>;
}

/**
 * A connection counts as egress when it goes to an address that is not loopback, or to a loopback port that
 * nothing inside the sandbox bound (inside its own network namespace, such a port can only mean a service of
 * the host). Any connection to port 53 is a name look-up.
 */
export function createEgressReader(logFile: string): EgressReader {
  let offset = 0;
  const boundPorts = new Set<number>();
  return {
    async read() {
      const text = await readFrom(logFile, offset);
      // Only whole lines: a line strace is still writing is read next time.
      const end = text.lastIndexOf('\n') + 1;
      offset += Buffer.byteLength(text.slice(0, end));
      const attempts: EgressAttempt[] = [];
      for (const line of text.slice(0, end).split('\n')) {
        const event = parseTraceLine(line);
        if (event?.syscall === 'bind') boundPorts.add(event.port);
        if (event?.syscall !== 'connect') continue;
        const loopback =
          event.address.startsWith('127.') || event.address === '::1' || event.address === '::ffff:127.0.0.1';
        if (event.port !== 53 && loopback && boundPorts.has(event.port)) continue;
        const destination = event.address.includes(':')
          ? `[${event.address}]:${event.port}`
          : `${event.address}:${event.port}`;
        attempts.push({ kind: event.port === 53 ? 'dns' : 'connect', destination, result: event.result });
      }
      return attempts;
    },
  };
}

async function readFrom(file: string, offset: number): Promise<string> {
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      const buffer = Buffer.alloc(Math.max(0, size - offset));
      await handle.read(buffer, 0, buffer.length, offset);
      return buffer.toString('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    return '';
  }
}

const SOCKADDR =
  /^(?:\d+ +)?(connect|bind)\(\d+, \{sa_family=AF_INET6?, sin6?_port=htons\((\d+)\),.*?(?:inet_addr\("([^"]+)"\)|inet_pton\(AF_INET6, "([^"]+)")/;

/** Pure: the socket call of one strace line (IPv4/IPv6 `connect` or `bind`), if it is one. */
export function parseTraceLine(
  line: string,
): { syscall: 'connect' | 'bind'; address: string; port: number; result: string } | undefined {
  const match = SOCKADDR.exec(line);
  if (!match) return undefined;
  const result = /= -1 (E[A-Z]+)/.exec(line)?.[1] ?? (/= 0\s*$/.test(line) ? 'connected' : 'pending');
  return {
    syscall: match[1] as 'connect' | 'bind',
    address: match[3] ?? match[4] ?? '',
    port: Number(match[2]),
    result,
  };
}
