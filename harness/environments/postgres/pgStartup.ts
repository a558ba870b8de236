/**
 * The first message a Postgres client sends (protocol 3): what the sandbox gate needs to read before it lets
 * a connection through. Pure.
 */
export type StartupPacket =
  /** Not all of it has arrived yet. */
  | { readonly kind: 'incomplete' }
  /** SSLRequest or GSSENCRequest: answered `N` (no encryption on the loopback), then the client goes on. */
  | { readonly kind: 'encryption'; readonly length: number }
  /** CancelRequest: carries a backend's secret key, which only that connection's client knows. */
  | { readonly kind: 'cancel'; readonly length: number }
  | {
      readonly kind: 'startup';
      readonly length: number;
      readonly parameters: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'invalid'; readonly reason: string };

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const MAX_STARTUP_BYTES = 10_000;

/** Reads the packet at the start of `data`. */
export function readStartup(data: Buffer): StartupPacket {
  if (data.length < 8) return { kind: 'incomplete' };
  const length = data.readInt32BE(0);
  const code = data.readInt32BE(4);
  if (length < 8 || length > MAX_STARTUP_BYTES) {
    return { kind: 'invalid', reason: `a startup packet of ${length} bytes` };
  }
  if (data.length < length) return { kind: 'incomplete' };
  if (code === SSL_REQUEST || code === GSSENC_REQUEST) return { kind: 'encryption', length };
  if (code === CANCEL_REQUEST) return { kind: 'cancel', length };
  if (code >>> 16 !== 3)
    return { kind: 'invalid', reason: `protocol version ${code >>> 16}.${code & 0xffff}` };
  const fields = data
    .subarray(8, length - 1)
    .toString('utf8')
    .split('\0');
  const parameters: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) parameters[fields[i] ?? ''] = fields[i + 1] ?? '';
  return { kind: 'startup', length, parameters };
}

/** Why a startup is refused (it asks for another database or role, or for replication), if it is. */
export function refusal(
  parameters: Readonly<Record<string, string>>,
  allowed: { readonly database: string; readonly user: string },
): string | undefined {
  const user = parameters.user ?? '';
  const database = parameters.database ?? user;
  const replication = parameters.replication;
  if (database !== allowed.database || user !== allowed.user) {
    return (
      `hintproof: this sandbox may connect only to database "${allowed.database}" as user "${allowed.user}" ` +
      `(received database "${database}", user "${user}"). Use the {pg} placeholder's values.`
    );
  }
  if (replication !== undefined && !['false', 'off', 'no', '0'].includes(replication.toLowerCase())) {
    return `hintproof: replication connections are not allowed from the sandbox (received replication=${replication}).`;
  }
  return undefined;
}

/** A FATAL ErrorResponse message with SQLSTATE `code`, as a server would send it. */
export function errorResponse(message: string, code = '28000'): Buffer {
  const body = Buffer.concat([
    ...[
      ['S', 'FATAL'],
      ['V', 'FATAL'],
      ['C', code],
      ['M', message],
    ].map(([field, value]) => Buffer.from(`${field}${value}\0`, 'utf8')),
    Buffer.from([0]),
  ]);
  const header = Buffer.alloc(5);
  header.write('E', 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}
