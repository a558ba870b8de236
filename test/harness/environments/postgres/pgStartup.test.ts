import { describe, expect, it } from 'vitest';
import { errorResponse, readStartup, refusal } from '../../../../harness/environments/postgres/pgStartup.js';

/** A protocol-3 StartupMessage as a client sends it. */
function startup(parameters: Record<string, string>): Buffer {
  const body = Buffer.from(`${Object.entries(parameters).flat().join('\0')}\0\0`, 'utf8');
  const head = Buffer.alloc(8);
  head.writeInt32BE(body.length + 8, 0);
  head.writeInt32BE(196608, 4);
  return Buffer.concat([head, body]);
}

function request(code: number, extra = 0): Buffer {
  const packet = Buffer.alloc(8 + extra);
  packet.writeInt32BE(8 + extra, 0);
  packet.writeInt32BE(code, 4);
  return packet;
}

describe('readStartup', () => {
  it('reads the parameters of a startup message, and waits for the rest of a partial one', () => {
    const packet = startup({ user: 'postgres', database: 'hintproof_1_run_0', application_name: 'x' });
    expect(readStartup(packet)).toEqual({
      kind: 'startup',
      length: packet.length,
      parameters: { user: 'postgres', database: 'hintproof_1_run_0', application_name: 'x' },
    });
    expect(readStartup(packet.subarray(0, 12))).toEqual({ kind: 'incomplete' });
    expect(readStartup(packet.subarray(0, 5))).toEqual({ kind: 'incomplete' });
  });

  it('tells encryption and cancel requests apart, and refuses what is not Postgres', () => {
    expect(readStartup(request(80877103))).toEqual({ kind: 'encryption', length: 8 });
    expect(readStartup(request(80877104))).toEqual({ kind: 'encryption', length: 8 });
    expect(readStartup(request(80877102, 8))).toEqual({ kind: 'cancel', length: 16 });
    expect(readStartup(Buffer.from('GET / HTTP/1.1\r\n\r\n'))).toMatchObject({ kind: 'invalid' });
    expect(readStartup(request(131072))).toEqual({ kind: 'invalid', reason: 'protocol version 2.0' });
  });
});

describe('refusal', () => {
  const allowed = { database: 'hintproof_1_run_0', user: 'postgres' };

  it('lets the run’s own database and user through, and nothing else', () => {
    expect(refusal({ user: 'postgres', database: 'hintproof_1_run_0' }, allowed)).toBeUndefined();
    expect(refusal({ user: 'postgres', database: 'postgres' }, allowed)).toMatch(
      /only to database "hintproof_1_run_0" as user "postgres" \(received database "postgres", user "postgres"\)/,
    );
    expect(refusal({ user: 'admin', database: 'hintproof_1_run_0' }, allowed)).toMatch(
      /received .* user "admin"/,
    );
    // Without a database the server would use the user's name as one.
    expect(refusal({ user: 'postgres' }, allowed)).toMatch(/received database "postgres"/);
    expect(
      refusal({ user: 'postgres', database: 'hintproof_1_run_0', replication: 'database' }, allowed),
    ).toMatch(/replication/);
    expect(
      refusal({ user: 'postgres', database: 'hintproof_1_run_0', replication: 'false' }, allowed),
    ).toBeUndefined();
  });
});

describe('errorResponse', () => {
  it('is a FATAL ErrorResponse a client can read', () => {
    const packet = errorResponse('no', '28000');
    expect(packet.toString('latin1', 0, 1)).toBe('E');
    expect(packet.readInt32BE(1)).toBe(packet.length - 1);
    expect(packet.subarray(5).toString('utf8')).toBe('SFATAL\0VFATAL\0C28000\0Mno\0\0');
  });
});
