import type { TracedAddress } from './tracedAddress.js';

/**
 * The socket a traced call's first argument names, as strace `--decode-fds=socket` prints it after the fd:
 * `5<UDP:[127.0.0.1:40000->127.0.0.1:8125]>`, `18<UDP:[0.0.0.0:57726]>`, `4<UNIX-STREAM:[16122->16123]>`,
 * `5<UNIX-STREAM:[16123->16122,"/run/s"]>`, `3<UDP:[15224]>` (an inode: not bound yet).
 */
export interface TracedSocket {
  /**
   * The socket as strace names it before any `->`: its protocol and inode or local address (`UDP:[15224]`,
   * `UDP:[0.0.0.0:57726]`, `UNIX-STREAM:[16122]`). strace caches what it printed for a socket (by inode), so
   * a socket bound before it connected keeps the name its `connect` line gave it: the same name on a later
   * send is the same socket.
   */
  readonly identity: string;
  /** A byte stream (TCP, unix stream): data on it is a connection's, not a datagram. */
  readonly stream: boolean;
  /** The peer strace printed (`local->peer`) of an IP socket. */
  readonly peer?: TracedAddress;
}

/**
 * A socket decoration: protocol, then `[...]` holding IPv6 addresses in brackets (`[[::1]:49344->[::1]:53]`)
 * or a quoted unix path (`"` and `\` escaped by strace, `<`, `>` and `]` not), so a path never ends it early.
 */
const DECORATION =
  '<([A-Z][A-Za-z0-9-]{0,31}):\\[((?:[^\\[\\]"\\\\]|\\[[0-9A-Fa-f:.]*\\]|"(?:[^"\\\\]|\\\\.)*")*)\\]>';

/** The first argument's fd and its decoration, right after `call(`. */
const FIRST = new RegExp(`^\\d+${DECORATION}`);

/** Every decoration of a line (a send may pass sockets in SCM_RIGHTS): removed before addresses are read. */
const ANY = new RegExp(DECORATION, 'g');

/** `93.184.216.34:443`, `[2606:2800::1]:443` (what strace prints of an IP socket's ends). */
const ENDPOINT = /^(?:([0-9.]{7,15})|\[([0-9A-Fa-f:.]{2,45})\]):(\d{1,5})$/;

/** Pure: the socket `args` (the text after `call(`) begins with, if strace decorated one. */
export function socketOf(args: string): TracedSocket | undefined {
  const found = FIRST.exec(args);
  if (found === null) return undefined;
  const protocol = found[1] ?? '';
  // A unix socket's bound path (after `,"`) is the server's text: only what precedes it is read.
  const ends = (found[2] ?? '').split(',"')[0] ?? '';
  const [local = '', peer] = ends.split('->');
  const address = protocol.startsWith('UNIX') || peer === undefined ? undefined : endpoint(peer);
  return {
    identity: `${protocol}:[${local}]`,
    stream: protocol === 'TCP' || protocol === 'TCPv6' || protocol === 'UNIX-STREAM',
    ...(address === undefined ? {} : { peer: address }),
  };
}

/** Pure: `line` without its socket decorations (a unix path in one may read like an address). */
export function withoutDecorations(line: string): string {
  return line.replace(ANY, '');
}

/** Pure: an IP endpoint as strace prints a socket's end, or undefined. */
function endpoint(text: string): TracedAddress | undefined {
  const found = ENDPOINT.exec(text);
  if (found === null) return undefined;
  const port = Number(found[3]);
  if (port > 65535) return undefined;
  return { family: 'ip', address: found[1] ?? found[2] ?? '', port };
}

/** Pure: the key an IP address is known by among the peers connects named (`127.0.0.1:8125`, `[::1]:53`). */
export function endpointKey(address: TracedAddress): string {
  if (address.family === 'unix') return `unix ${address.path}`;
  return address.address.includes(':')
    ? `[${address.address}]:${address.port}`
    : `${address.address}:${address.port}`;
}
