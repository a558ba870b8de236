import { describe, expect, it } from 'vitest';
import { parsePgUrl, pgPlaceholders, pgUrl } from '../../../../harness/environments/postgres/index.js';

describe('pg targets', () => {
  it('hands out {pg} and its parts, percent-encoding the URL', () => {
    const target = {
      host: '127.0.0.1',
      port: 5433,
      user: 'app user',
      password: 'p@ss:word',
      database: 'hintproof_1_run_0',
    };
    expect(pgPlaceholders(target)).toEqual({
      pg: 'postgresql://app%20user:p%40ss%3Aword@127.0.0.1:5433/hintproof_1_run_0',
      'pg.host': '127.0.0.1',
      'pg.port': '5433',
      'pg.user': 'app user',
      'pg.password': 'p@ss:word',
      'pg.database': 'hintproof_1_run_0',
    });
    expect(parsePgUrl(pgUrl(target))).toEqual(target);
    expect(pgUrl({ ...target, password: '' })).toBe(
      'postgresql://app%20user@127.0.0.1:5433/hintproof_1_run_0',
    );
  });

  it('reads --pg-url with defaults, and names what it received when it cannot', () => {
    expect(parsePgUrl('postgres://postgres@127.0.0.1/postgres')).toEqual({
      host: '127.0.0.1',
      port: 5432,
      user: 'postgres',
      password: '',
      database: 'postgres',
    });
    expect(() => parsePgUrl('mysql://root@localhost/x')).toThrow(
      /expected a postgres:\/\/ or postgresql:\/\/ URL, received "mysql:\/\/…"/,
    );
    expect(() => parsePgUrl('not a url')).toThrow(/"not a url" is not a URL/);
  });

  it('reads and writes a unix socket directory in libpq’s form', () => {
    const target = parsePgUrl('postgres://postgres@/postgres?host=/var/run/postgresql&port=5433');
    expect(target).toEqual({
      host: '/var/run/postgresql',
      port: 5433,
      user: 'postgres',
      password: '',
      database: 'postgres',
    });
    expect(pgUrl(target)).toBe('postgresql://postgres@/postgres?host=%2Fvar%2Frun%2Fpostgresql&port=5433');
    expect(parsePgUrl(pgUrl(target))).toEqual(target);
  });
});
