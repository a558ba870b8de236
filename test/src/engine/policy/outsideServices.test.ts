import { describe, expect, it } from 'vitest';
import {
  describeService,
  outsideServiceAdvice,
  outsideServices,
} from '../../../../src/engine/policy/outsideServices.js';

describe('outsideServices', () => {
  it('names a loopback port the trace saw start, refused (nothing of the host listens in the namespace)', () => {
    const services = outsideServices([
      { kind: 'connect', destination: '127.0.0.1:6379', result: 'EINPROGRESS' },
    ]);
    expect(services).toEqual([{ address: '127.0.0.1:6379', result: 'refused' }]);
    expect(describeService(services[0]!)).toBe("127.0.0.1:6379 (refused; Redis's usual port)");
  });

  it("takes the result from the server's text where the trace saw only a start, the address from the trace", () => {
    const services = outsideServices(
      [{ kind: 'connect', destination: '93.184.216.34:3306', result: 'EINPROGRESS' }],
      'Error: connect ECONNREFUSED 93.184.216.34:3306',
    );
    expect(services).toEqual([{ address: '93.184.216.34:3306', result: 'refused' }]);
  });

  it('counts localhost in the text and 127.0.0.1 in the trace as one service', () => {
    const services = outsideServices(
      [{ kind: 'connect', destination: '127.0.0.1:6379', result: 'ECONNREFUSED' }],
      'Error 111 connecting to localhost:6379. Connection refused.',
    );
    expect(services).toEqual([{ address: '127.0.0.1:6379', result: 'refused' }]);
  });

  it('reads unix sockets and unresolved names, from the trace and from text', () => {
    expect(
      outsideServices(
        [{ kind: 'unix', destination: '/run/mysqld/mysqld.sock', result: 'ENOENT' }],
        "Can't connect to local MySQL server through socket '/run/mysqld/mysqld.sock' (2)\n" +
          'getaddrinfo ENOTFOUND redis',
      ).map(describeService),
    ).toEqual([
      '/run/mysqld/mysqld.sock (no such socket; MySQL/MariaDB)',
      'redis (name not resolved: the sandbox has no network)',
    ]);
  });

  it('leaves out what connected, names look-ups and datagrams, and finds nothing in plain text', () => {
    expect(
      outsideServices(
        [
          { kind: 'connect', destination: '127.0.0.1:5432', result: 'connected' },
          { kind: 'dns', destination: '10.0.0.53:53', result: 'ENETUNREACH' },
          { kind: 'datagram', destination: '127.0.0.1:8125', result: 'sent' },
        ],
        'listening on stdio; port 6379 configured',
      ),
    ).toEqual([]);
  });

  it('lists at most five services, and no address longer than 200 characters', () => {
    const many = Array.from({ length: 9 }, (_, i) => ({
      kind: 'connect' as const,
      destination: `10.0.0.${i}:80`,
      result: 'ENETUNREACH',
    }));
    expect(outsideServices(many)).toHaveLength(5);
    expect(outsideServices([], `connect ENOENT /${'a'.repeat(300)}`)).toEqual([]);
  });
});

describe('outsideServiceAdvice', () => {
  it('says what hintproof sandboxes and both ways out, with the caveat of --no-isolation', () => {
    const advice = outsideServiceAdvice([{ address: '127.0.0.1:6379', result: 'refused' }], true);
    expect(advice).toContain(
      'hintproof sandboxes only its own environments ({fs}, {pg}, {sqlite}, HOME, TMPDIR)',
    );
    expect(advice).toMatch(/--no-isolation .*not observed/);
    expect(advice).toContain('--pg');
  });

  it('points a PostgreSQL server at --pg, and a server run without isolation at the service itself', () => {
    const postgres = [{ address: '127.0.0.1:5432', result: 'refused' }];
    expect(outsideServiceAdvice(postgres, true)).toContain('--pg seed.sql, with {pg}');
    expect(outsideServiceAdvice(postgres, false)).toMatch(
      /^Nothing answered there on this machine either: start/,
    );
    expect(outsideServiceAdvice(postgres, false)).not.toContain('--no-isolation');
  });
});
