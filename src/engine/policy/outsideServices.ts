import type { EgressAttempt } from '../../../harness/process/index.js';
import { serverText } from '../../model/serverText.js';

/** A service the server tried to reach and did not: where, and what the attempt ended with. */
export interface OutsideService {
  /** `127.0.0.1:6379`, `[::1]:3306`, `/run/mysqld/mysqld.sock`, `redis` (a name that did not resolve). */
  readonly address: string;
  /** `refused`, `no such socket`, `unreachable`, `name not resolved`, or the errno. */
  readonly result: string;
}

/** The most services one message names: a server that loops over addresses is summed up by the first few. */
const LISTED = 5;
/** An address longer than this is no address a client library prints. */
const ADDRESS_CHARS = 200;

/** Usual ports and socket names of services servers keep their state in, to name them in messages. */
const KNOWN_PORTS: Readonly<Record<number, string>> = {
  6379: 'Redis',
  3306: 'MySQL/MariaDB',
  5432: 'PostgreSQL',
  27017: 'MongoDB',
  11211: 'Memcached',
  9200: 'Elasticsearch',
  5672: 'RabbitMQ',
  2375: 'Docker',
};
const KNOWN_SOCKETS: readonly (readonly [RegExp, string])[] = [
  [/mysql|mariadb/i, 'MySQL/MariaDB'],
  [/redis/i, 'Redis'],
  [/\.s\.PGSQL\./, 'PostgreSQL'],
  [/docker\.sock/, 'Docker'],
  [/mongodb/i, 'MongoDB'],
];

/** Results of a failed attempt, in words. */
const RESULTS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'refused',
  ENOENT: 'no such socket',
  ENETUNREACH: 'unreachable: the sandbox has no network',
  EHOSTUNREACH: 'unreachable: the sandbox has no network',
  ENOTFOUND: 'name not resolved: the sandbox has no network',
  EAI_AGAIN: 'name not resolved: the sandbox has no network',
};

/**
 * What a server's own words say it failed to reach: Node's `connect ECONNREFUSED 127.0.0.1:6379`,
 * `connect ENOENT /run/mysqld/mysqld.sock`, `getaddrinfo ENOTFOUND redis`, Python's `Error 111 connecting to
 * localhost:6379. Connection refused.`, MySQL's `through socket '/run/mysqld/mysqld.sock'`.
 */
const TEXT_PATTERNS: readonly (readonly [RegExp, string])[] = [
  [/ECONNREFUSED\s+(\[[0-9a-fA-F:.]+\]:\d{1,5}|[\w.-]+:\d{1,5})/g, 'ECONNREFUSED'],
  [/connect\s+(?:ECONNREFUSED|ENOENT)\s+(\/[^\s'"]+)/g, 'ENOENT'],
  [/(?:ENOTFOUND|EAI_AGAIN)\s+([\w.-]+)/g, 'ENOTFOUND'],
  [/connecting to ([\w.-]+:\d{1,5})\. Connection refused/g, 'ECONNREFUSED'],
  [/through socket '(\/[^']+)'/g, 'ENOENT'],
];

/**
 * Pure: the services outside the sandbox that a server tried to reach and could not, from its traced
 * connection attempts (connections and unix sockets that did not connect) and from its own text (stderr, an
 * error message). One entry per service (`localhost:6379` in the text and `127.0.0.1:6379` in the trace are
 * one), named as traced, with the text's result where the trace saw only a connect in progress. Distinct
 * services, at most five. Every string is the server's: escape it for output.
 */
export function outsideServices(egress: readonly EgressAttempt[], text = ''): OutsideService[] {
  const found = new Map<string, { address: string; errno: string }>();
  const add = (address: string, errno: string) => {
    if (address.length > ADDRESS_CHARS) return;
    const key = serviceKey(address);
    const known = found.get(key);
    if (known === undefined) found.set(key, { address, errno });
    else if (unfinished(known.errno)) found.set(key, { address: known.address, errno });
  };
  for (const attempt of egress) {
    if ((attempt.kind === 'connect' || attempt.kind === 'unix') && attempt.result !== 'connected')
      add(attempt.destination, attempt.result);
  }
  for (const [pattern, errno] of TEXT_PATTERNS) {
    for (const match of text.matchAll(pattern)) add(match[1] ?? '', errno);
  }
  return [...found.values()].slice(0, LISTED).map(({ address, errno }) => ({
    address,
    result: unfinished(errno)
      ? // The trace saw a non-blocking connect start; inside the sandbox's own network namespace only its
        // own listeners answer on loopback (the trace leaves those out), so it was refused.
        loopbackPort(address) === undefined
        ? 'no answer'
        : 'refused'
      : (RESULTS[errno] ?? errno),
  }));
}

function unfinished(errno: string): boolean {
  return errno === 'EINPROGRESS' || errno === 'pending';
}

/** The port of a loopback `host:port`, else undefined. */
function loopbackPort(address: string): string | undefined {
  return /^(?:localhost|127\.\d+\.\d+\.\d+|\[::1\]|\[::ffff:127\.0\.0\.1\]):(\d+)$/.exec(address)?.[1];
}

function serviceKey(address: string): string {
  const port = loopbackPort(address);
  return port === undefined ? address : `loopback:${port}`;
}

/** `127.0.0.1:6379 (refused; Redis's usual port)`, `/run/mysqld/mysqld.sock (no such socket; MySQL/MariaDB)`. */
export function describeService(service: OutsideService): string {
  const port = /:(\d{1,5})$/.exec(service.address);
  const known = service.address.startsWith('/')
    ? KNOWN_SOCKETS.find(([pattern]) => pattern.test(service.address))?.[1]
    : port
      ? KNOWN_PORTS[Number(port[1])]
      : undefined;
  const what =
    known === undefined ? '' : service.address.startsWith('/') ? `; ${known}` : `; ${known}'s usual port`;
  return `${serverText(service.address, ADDRESS_CHARS)} (${serverText(service.result, ADDRESS_CHARS)}${what})`;
}

/**
 * What to do about services outside the sandbox, in words: hintproof sandboxes only its own environments, so
 * either give the server one of them, or let it reach the service without isolation (and lose sight of it).
 */
export function outsideServiceAdvice(services: readonly OutsideService[], isolated: boolean): string {
  const postgres = services.some((service) => /:5432$|\.s\.PGSQL\./.test(service.address));
  const provided = postgres
    ? 'give it a sandbox database: --pg seed.sql, with {pg} (or {pg.host}, {pg.port}, …) in its arguments or --env'
    : 'give it an environment hintproof provides instead (--pg for PostgreSQL as {pg}, --sqlite, --fs)';
  if (!isolated) {
    return (
      'Nothing answered there on this machine either: start the service, or ' +
      `${provided}. hintproof sandboxes only its own environments ({fs}, {pg}, {sqlite}, HOME, TMPDIR); ` +
      'state in any other service is not observed.'
    );
  }
  return (
    'hintproof sandboxes only its own environments ({fs}, {pg}, {sqlite}, HOME, TMPDIR): the isolated server ' +
    "has its own network namespace, where none of this machine's services listens, and sees none of its " +
    `sockets. Either ${provided}, or run with --no-isolation to let it reach the real service; state ` +
    'outside the sandbox (the service, your real HOME) is then not observed, so a tool that writes there ' +
    'looks read-only.'
  );
}
