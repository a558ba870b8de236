import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { show, useCaptureProvider } from './captureHarness.js';

// What a server connected as its database's owner (the default) may try against change capture and
// hintproof's snapshot session (issue 38): each write must still show.
const owner = useCaptureProvider();

const NAME_CHANGE = "update customers set name = 'Ada L.' where id = 1";

describe("a server connected as its database's owner", () => {
  it('cannot append log rows that cancel its own write', async () => {
    await owner.run(async ({ client, step }) => {
      await client.query(NAME_CHANGE);
      const forged = await client
        .query(
          `insert into _hintproof.log (rel, tbl, op, old, new)
             select 'customers'::regclass, 'public.customers', 'U', to_jsonb(c), to_jsonb(c) || '{"name":"Ada"}'
             from customers c where id = 1`,
        )
        .then(
          () => 'inserted',
          (error: Error) => error.message,
        );
      expect(forged).toMatch(/permission denied/);
      const changes = await step();
      expect(show(changes)).toEqual(['modify public.customers(id=1)']);
    });
  });

  it('has its writes logged by a capture role that is no superuser and may not log in', async () => {
    await owner.run(async ({ client }) => {
      const { rows } = await client.query<{
        owner: string;
        superuser: boolean;
        login: boolean;
        definer: boolean;
      }>(
        `select r.rolname as owner, r.rolsuper as superuser, r.rolcanlogin as login, p.prosecdef as definer
           from pg_proc p join pg_roles r on r.oid = p.proowner where p.oid = '_hintproof.capture()'::regprocedure`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.owner).toMatch(/^hintproof_\d+_[0-9a-f]+_capture$/);
      expect({ ...rows[0], owner: '' }).toEqual({ owner: '', superuser: false, login: false, definer: true });
    });
  });

  it('cannot point the snapshot session at its own operators (ALTER DATABASE/ROLE SET search_path)', async () => {
    await using instance = await owner.provider.create('/unused');
    const server = new pg.Client(instance.placeholders.pg);
    await server.connect();
    try {
      await server.query(`create schema evil;
        create function evil.gt(int8, int8) returns bool language sql immutable as 'select false';
        create operator evil.> (leftarg = int8, rightarg = int8, function = evil.gt)`);
      await server.query(`alter database "${instance.target.database}" set search_path = evil, pg_catalog`);
      await server.query('alter role current_user set search_path = evil, pg_catalog');
      // The snapshot session reconnects once, picking up the database's and role's settings.
      await server.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'hintproof-snapshot' and datname = current_database()",
      );
      const before = await instance.snapshot();
      await server.query(NAME_CHANGE);
      const changes = instance.diff(before, await instance.snapshot());
      expect(show(changes).filter((line) => line.includes('customers'))).toEqual([
        'modify public.customers(id=1)',
      ]);
    } finally {
      await server.query('alter role current_user reset search_path').catch(() => {});
      await server.end();
    }
  });
});
