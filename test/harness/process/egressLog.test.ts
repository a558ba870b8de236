import { describe, expect, it } from 'vitest';
import { EGRESS_LISTED, EgressLog, parseTraceLine } from '../../../harness/process/index.js';

const inet = (call: string, port: number, address: string, tail: string) =>
  `7 ${call}(3, {sa_family=AF_INET, sin_port=htons(${port}), sin_addr=inet_addr("${address}")}, 16) = ${tail}`;

describe('parseTraceLine', () => {
  it('reads the address and result of every traced call, IPv4, IPv6 and unix, as strace -s 0 writes them', () => {
    expect(
      parseTraceLine(inet('connect', 443, '93.184.216.34', '-1 ENETUNREACH (Network is unreachable)')),
    ).toEqual({
      syscall: 'connect',
      addresses: [{ family: 'ip', address: '93.184.216.34', port: 443 }],
      fastOpen: false,
      result: 'ENETUNREACH',
      pid: 7,
    });
    expect(
      parseTraceLine(
        '12 sendmsg(6, {msg_name={sa_family=AF_INET6, sin6_port=htons(53), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "::1", &sin6_addr), sin6_scope_id=0}, msg_namelen=28, msg_iov=[...], msg_iovlen=1, msg_controllen=0, msg_flags=0}, 0) = 3',
      ),
    ).toMatchObject({ syscall: 'sendmsg', addresses: [{ address: '::1', port: 53 }], result: 'sent' });
    expect(
      parseTraceLine(
        '9 sendto(4, ""..., 1, MSG_FASTOPEN, {sa_family=AF_INET, sin_port=htons(1), sin_addr=inet_addr("127.0.0.1")}, 16) = -1 ECONNREFUSED (Connection refused)',
      ),
    ).toMatchObject({ syscall: 'sendto', fastOpen: true, result: 'ECONNREFUSED' });
    expect(
      parseTraceLine(
        '5 connect(5, {sa_family=AF_UNIX, sun_path="/var/lib/no\\"pe/s\\303\\251) = 0"}, 23) = -1 ENOENT (No such file or directory)',
      ),
    ).toMatchObject({
      addresses: [{ family: 'unix', path: '/var/lib/no\\"pe/s\\303\\251) = 0', abstract: false }],
      result: 'ENOENT',
    });
    expect(parseTraceLine('5 connect(8, {sa_family=AF_UNIX, sun_path=@"abstract"}, 11) = 0')).toMatchObject({
      addresses: [{ family: 'unix', path: 'abstract', abstract: true }],
      result: 'connected',
    });
    expect(
      parseTraceLine(
        '5 io_uring_setup(8, {flags=0, sq_thread_cpu=0, sq_thread_idle=0}) = -1 EPERM (Operation not permitted) (INJECTED)',
      ),
    ).toMatchObject({ syscall: 'io_uring_setup', addresses: [], result: 'EPERM' });
    // A send on a connected socket names no address; netlink is the kernel's.
    expect(parseTraceLine('5 sendto(3, ""..., 5, 0, NULL, 0) = 5')).toBeUndefined();
    expect(
      parseTraceLine(
        '5 sendto(3, ""..., 20, 0, {sa_family=AF_NETLINK, nl_pid=0, nl_groups=00000000}, 12) = 20',
      ),
    ).toBeUndefined();
  });
});

describe('EgressLog', () => {
  const attemptsOf = (lines: string[], gates: string[] = []) => {
    const log = new EgressLog({ gates });
    log.feed(`${lines.join('\n')}\n`);
    return log.take().map((attempt) => `${attempt.kind} ${attempt.destination} ${attempt.result}`);
  };

  it('counts every call that names an address outside the sandbox, whatever the syscall or family', () => {
    expect(
      attemptsOf(
        [
          inet('bind', 8080, '0.0.0.0', '0'),
          inet('connect', 8080, '127.0.0.1', '-1 EINPROGRESS (Operation now in progress)'),
          inet('connect', 6379, '127.0.0.1', '-1 ECONNREFUSED (Connection refused)'),
          inet('sendto', 9, '127.0.0.1', '5'),
          inet('connect', 53, '10.0.0.53', '-1 ENETUNREACH (Network is unreachable)'),
          '5 bind(4, {sa_family=AF_UNIX, sun_path="/tmp/r/run-1/tmp/own.sock"}, 110) = 0',
          '5 connect(5, {sa_family=AF_UNIX, sun_path="/tmp/r/run-1/tmp/./own.sock"}, 110) = 0',
          '5 connect(5, {sa_family=AF_UNIX, sun_path="/run/postgresql/.s.PGSQL.5432"}, 110) = 0',
          '5 connect(5, {sa_family=AF_UNIX, sun_path=@"anything"}, 11) = 0',
          '5 connect(5, {sa_family=AF_UNIX, sun_path="/var/run/nscd/socket"}, 110) = -1 ENOENT (No such file or directory)',
          '5 connect(5, {sa_family=AF_UNIX, sun_path="/srv/app/host.sock"}, 110) = 0',
          '5 sendto(7, ""..., 1, 0, {sa_family=AF_UNIX, sun_path="/dev/log"}, 11) = -1 ENOENT (No such file or directory)',
          '5 io_uring_setup(8, {flags=0}) = -1 EPERM (Operation not permitted) (INJECTED)',
        ],
        ['/run/postgresql'],
      ),
    ).toEqual([
      'connect 127.0.0.1:6379 ECONNREFUSED',
      'datagram 127.0.0.1:9 sent',
      'dns 10.0.0.53:53 ENETUNREACH',
      'unix /srv/app/host.sock connected',
      'unix /dev/log ENOENT',
      'io_uring io_uring_setup blocked',
    ]);
  });

  it('counts a path the sandbox bound as its own unless the call met a mask or a host file there', () => {
    const own = '/tmp/r/run-1/fs/d/own.sock';
    expect(
      attemptsOf([
        `5 bind(4, {sa_family=AF_UNIX, sun_path="${own}"}, 110) = 0`,
        `5 connect(5, {sa_family=AF_UNIX, sun_path="${own}"}, 110) = 0`,
        // Its own socket, before listen, full, or removed: nothing reached, not egress.
        `5 connect(6, {sa_family=AF_UNIX, sun_path="${own}"}, 110) = -1 ECONNREFUSED (Connection refused)`,
        `5 sendto(7, ""..., 1, 0, {sa_family=AF_UNIX, sun_path="${own}"}, 110) = -1 EAGAIN (Resource temporarily unavailable)`,
        `5 connect(6, {sa_family=AF_UNIX, sun_path="${own}"}, 110) = -1 ENOENT (No such file or directory)`,
        // Its directory swapped for a link to a host directory: the same path now meets a mask or a host file.
        `5 connect(6, {sa_family=AF_UNIX, sun_path="${own}"}, 110) = -1 EACCES (Permission denied)`,
        `5 sendto(7, ""..., 1, 0, {sa_family=AF_UNIX, sun_path="${own}"}, 110) = -1 EROFS (Read-only file system)`,
        // Split by strace: judged by its end, which names the task again.
        `8 connect(9, {sa_family=AF_UNIX, sun_path="${own}"}, 110 <unfinished ...>`,
        `9 connect(9, {sa_family=AF_UNIX, sun_path="${own}/../own.sock"}, 110 <unfinished ...>`,
        '9 <... connect resumed>) = 0',
        '8 <... connect resumed>) = -1 ENOTSOCK (Socket operation on non-socket)',
      ]),
    ).toEqual([`unix ${own} EACCES`, `unix ${own} EROFS`, `unix ${own} ENOTSOCK`]);
  });

  it('reads lines cut anywhere, each once', () => {
    const log = new EgressLog();
    const line = inet('connect', 1, '127.0.0.1', '-1 ECONNREFUSED (Connection refused)');
    log.feed(line.slice(0, 30));
    expect(log.take()).toEqual([]);
    log.feed(`${line.slice(30)}\n`);
    expect(log.take()).toEqual([{ kind: 'connect', destination: '127.0.0.1:1', result: 'ECONNREFUSED' }]);
    expect(log.take()).toEqual([]);
  });

  it('keeps a bounded list when flooded, and says how many attempts it left out', () => {
    const log = new EgressLog();
    for (let round = 0; round < 3; round++) {
      for (let port = 1; port <= 1000; port++)
        log.feed(`${inet('connect', port, '10.1.2.3', '-1 ENETUNREACH (x)')}\n`);
    }
    const attempts = log.take();
    expect(attempts).toHaveLength(EGRESS_LISTED + 1);
    expect(attempts.at(-1)).toEqual({
      kind: 'flood',
      destination: `${3 * (1000 - EGRESS_LISTED)} more attempts`,
      result: 'not listed',
    });
  });

  it('counts every attempt by destination over its life, repeats too, up to the last take', () => {
    const log = new EgressLog();
    const dns = inet('connect', 53, '10.0.0.53', '-1 ENETUNREACH (x)');
    log.feed(`${dns}\n${dns}\n${inet('connect', 443, '10.1.2.3', '-1 ENETUNREACH (x)')}\n`);
    expect(log.counted()).toEqual(new Map());
    expect(log.take()).toHaveLength(2);
    log.feed(`${dns}\n`);
    // Fed, not yet taken: what a call's run is compared by is what was read with its egress.
    expect(log.counted()).toEqual(
      new Map([
        ['dns 10.0.0.53:53', 2],
        ['connect 10.1.2.3:443', 1],
      ]),
    );
    log.take();
    expect(log.counted().get('dns 10.0.0.53:53')).toBe(3);
  });

  it('counts a bounded number of destinations when flooded', () => {
    const log = new EgressLog();
    for (let port = 1; port <= 1000; port++)
      log.feed(`${inet('connect', port, '10.1.2.3', '-1 ENETUNREACH (x)')}\n`);
    log.take();
    expect(log.counted().size).toBe(4 * EGRESS_LISTED);
  });
});
