import { describe, expect, it } from 'vitest';
import { EgressLog, parseTraceLine } from '../../../harness/process/index.js';

// Lines as strace 6.1 writes them with `-f -s 0 --decode-fds=socket` (taken from real traces of node and python).
const udpConnect = (fd: string, port: number, address = '127.0.0.1', tail = '0') =>
  `7 connect(${fd}, {sa_family=AF_INET, sin_port=htons(${port}), sin_addr=inet_addr("${address}")}, 16) = ${tail}`;
const nodeSend = (fd: string, tail = '5') =>
  `7 sendmsg(${fd}, {msg_name=NULL, msg_namelen=0, msg_iov=[...], msg_iovlen=1, msg_controllen=0, msg_flags=0}, 0) = ${tail}`;
const send = (fd: string, tail = '1') => `7 sendto(${fd}, ""..., 1, 0, NULL, 0) = ${tail}`;

describe('parseTraceLine: the socket of a send with no address', () => {
  it('reads the socket strace names, and its peer when strace prints one', () => {
    expect(parseTraceLine(nodeSend('18<UDP:[0.0.0.0:57726]>'))).toEqual({
      syscall: 'sendmsg',
      addresses: [],
      socket: { identity: 'UDP:[0.0.0.0:57726]', stream: false },
      fastOpen: false,
      result: 'sent',
      pid: 7,
    });
    expect(parseTraceLine(send('8<UDPv6:[[::1]:49344->[::1]:8125]>'))?.socket).toEqual({
      identity: 'UDPv6:[[::1]:49344]',
      stream: false,
      peer: { family: 'ip', address: '::1', port: 8125 },
    });
    expect(parseTraceLine(send('4<UNIX-STREAM:[16122->16123]>'))?.socket).toEqual({
      identity: 'UNIX-STREAM:[16122]',
      stream: true,
    });
    expect(
      parseTraceLine('7 write(21<TCP:[127.0.0.1:49648->127.0.0.1:36395]>, ""..., 5) = 5')?.socket?.peer,
    ).toEqual({ family: 'ip', address: '127.0.0.1', port: 36395 });
    // A write to a file or pipe, or a send on an undecorated fd, is no concern.
    expect(parseTraceLine('7 write(1, ""..., 18) = 18')).toBeUndefined();
    expect(parseTraceLine(send('3'))).toBeUndefined();
  });

  it('reads no address nor peer from a unix path in a decoration, however it is written', () => {
    // The server's own path (its `"` escaped by strace, `>` and `]` not) mimicking a peer and a sockaddr.
    const hostile =
      '"/x]>->1.2.3.4:53\\",{sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr(\\"1.2.3.4\\")} sun_path=inet_pton(AF_INET6, "';
    const line = send(`5<UNIX-STREAM:[16123->16122,${hostile}]>`);
    expect(parseTraceLine(line)).toMatchObject({
      addresses: [],
      socket: { identity: 'UNIX-STREAM:[16123]', stream: true },
    });
    expect(parseTraceLine(line)?.socket?.peer).toBeUndefined();
    // Passed in SCM_RIGHTS after the name: the real address is still read, and only it.
    expect(
      parseTraceLine(
        `7 sendmsg(3<UDP:[1]>, {msg_name={sa_family=AF_INET, sin_port=htons(9), sin_addr=inet_addr("10.0.0.9")}, msg_namelen=16, msg_iov=[...], msg_iovlen=1, msg_control=[{cmsg_len=20, cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS, cmsg_data=[4<UNIX-STREAM:[16123->16122,${hostile}]>]}], msg_controllen=24, msg_flags=0}, 0) = 1`,
      )?.addresses,
    ).toEqual([{ family: 'ip', address: '10.0.0.9', port: 9 }]);
  });
});

describe('EgressLog: sends on a socket connected earlier', () => {
  const attemptsOf = (lines: string[], gates: string[] = []) => {
    const log = new EgressLog({ gates });
    log.feed(`${lines.join('\n')}\n`);
    return log.take().map((attempt) => `${attempt.kind} ${attempt.destination} ${attempt.result}`);
  };

  it("goes where the socket's connect went: node's dgram (a name strace cached) and python's (a peer)", () => {
    expect(
      attemptsOf([
        '7 bind(18<UDP:[15150]>, {sa_family=AF_INET, sin_port=htons(0), sin_addr=inet_addr("0.0.0.0")}, 16) = 0',
        udpConnect('18<UDP:[0.0.0.0:57726]>', 8125),
        nodeSend('18<UDP:[0.0.0.0:57726]>'),
        nodeSend('18<UDP:[0.0.0.0:57726]>', '-1 ECONNREFUSED (Connection refused)'),
        udpConnect('3<UDP:[15224]>', 8126),
        send('3<UDP:[127.0.0.1:51068->127.0.0.1:8126]>'),
        // A look-up by glibc: connect, then sendmmsg with no name.
        udpConnect('4<UDP:[15300]>', 53, '10.0.0.53'),
        '7 sendmmsg(4<UDP:[10.0.0.1:40000->10.0.0.53:53]>, [{msg_hdr={msg_name=NULL, msg_namelen=0, msg_iov=[...], msg_iovlen=1, msg_controllen=0, msg_flags=0}, msg_len=0}], 2, MSG_NOSIGNAL) = 2',
      ]),
    ).toEqual([
      'connect 127.0.0.1:8125 connected',
      'datagram 127.0.0.1:8125 sent',
      'datagram 127.0.0.1:8125 ECONNREFUSED',
      'connect 127.0.0.1:8126 connected',
      'datagram 127.0.0.1:8126 sent',
      'dns 10.0.0.53:53 connected',
      'dns 10.0.0.53:53 sent',
    ]);
  });

  it("counts each send, as the same destination's attempts", () => {
    const log = new EgressLog();
    log.feed(`${udpConnect('18<UDP:[0.0.0.0:1]>', 8125)}\n`);
    log.take();
    for (let index = 0; index < 3; index++) log.feed(`${nodeSend('18<UDP:[0.0.0.0:1]>')}\n`);
    expect(log.take()).toEqual([{ kind: 'datagram', destination: '127.0.0.1:8125', result: 'sent' }]);
    expect(log.counted().get('datagram 127.0.0.1:8125')).toBe(3);
  });

  it("is the sandbox's own on a socket no connect led outside: accepted, a socketpair, a service bound inside", () => {
    expect(
      attemptsOf(
        [
          // A client inside the sandbox connected to the server's own port, 8080.
          '7 bind(5<TCP:[1]>, {sa_family=AF_INET, sin_port=htons(8080), sin_addr=inet_addr("127.0.0.1")}, 16) = 0',
          udpConnect('6<TCP:[2]>', 8080, '127.0.0.1', '-1 EINPROGRESS (Operation now in progress)'),
          '7 write(6<TCP:[127.0.0.1:40000->127.0.0.1:8080]>, ""..., 5) = 5',
          send('7<TCP:[127.0.0.1:8080->127.0.0.1:40000]>'),
          send('8<UNIX-STREAM:[300->301]>'),
          // A connection to a gate (hintproof's), then data on it.
          '7 connect(9<UNIX-STREAM:[400]>, {sa_family=AF_UNIX, sun_path="/run/postgresql/.s.PGSQL.5432"}, 110) = 0',
          send('9<UNIX-STREAM:[400->401]>'),
          // Never connected: the send fails, and names nothing.
          send('10<UDP:[500]>', '-1 EDESTADDRREQ (Destination address required)'),
        ],
        ['/run/postgresql'],
      ),
    ).toEqual([]);
  });

  it('follows a unix socket its connect led outside, and a stream as a connection', () => {
    expect(
      attemptsOf([
        '7 connect(9<UNIX-STREAM:[400]>, {sa_family=AF_UNIX, sun_path="/srv/app/host.sock"}, 110) = 0',
        send('9<UNIX-STREAM:[400->401]>'),
        udpConnect('11<TCP:[12]>', 8125, '127.0.0.1', '-1 EINPROGRESS (Operation now in progress)'),
        '7 write(11<TCP:[127.0.0.1:40001->127.0.0.1:8125]>, ""..., 5) = 5',
      ]),
    ).toEqual([
      'unix /srv/app/host.sock connected',
      'unix /srv/app/host.sock sent',
      'connect 127.0.0.1:8125 EINPROGRESS',
      'connect 127.0.0.1:8125 sent',
    ]);
  });
});
