import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkHostile, egressOf, ISOLATIONS, scratch } from './hostile.js';

/**
 * Issue 11 row 5: closed-world tools that reach out without a plain connect(): a UDP datagram, a TCP Fast
 * Open send (sendto with MSG_FASTOPEN), an io_uring (through which a connect would go unseen). From outside,
 * for each isolation mechanism: host listeners on 127.0.0.1 for both ports receive nothing, and each tool's
 * `openWorldHint: false` is contradicted, naming what it did (the io_uring as blocked).
 */
const work = scratch('row05');

describe.each(ISOLATIONS)('row 5: every way out is egress ($label)', (isolation) => {
  it('a datagram, a fast-open send and an io_uring: none reaches the host, each is contradicted', async () => {
    let datagrams = 0;
    let connections = 0;
    const udp = createSocket('udp4').on('message', () => (datagrams += 1));
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const tcp = createServer((socket) => ((connections += 1), socket.destroy()));
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    const udpPort = udp.address().port;
    const tcpPort = (tcp.address() as AddressInfo).port;
    try {
      const result = await checkHostile('row05-quiet-egress.js', {
        isolation,
        cwd: work(),
        runs: 1,
        seed: 5,
        serverEnv: { ROW05_UDP: String(udpPort), ROW05_TCP: String(tcpPort) },
        json: true,
      });
      expect(result.stderr).not.toContain('internal error');
      expect(result.code).toBe(1);
      const report = result.report!;
      expect(egressOf(report, 'send_metric')).toContainEqual({
        kind: 'datagram',
        destination: `127.0.0.1:${udpPort}`,
        result: 'sent',
      });
      expect(egressOf(report, 'fast_open')).toContainEqual(
        expect.objectContaining({ kind: 'connect', destination: `127.0.0.1:${tcpPort}` }),
      );
      expect(egressOf(report, 'ring_connect')).toContainEqual({
        kind: 'io_uring',
        destination: 'io_uring_setup',
        result: 'blocked',
      });
      expect(result.stdout).toContain('io_uring (blocked: its connections could not be observed)');
      expect(datagrams).toBe(0);
      expect(connections).toBe(0);
    } finally {
      udp.close();
      tcp.close();
    }
  });
});
