import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxLost } from '../../../../harness/index.js';
import type { PgProvider } from '../../../../harness/environments/postgres/index.js';
import { createPgProvider } from '../../../../harness/environments/postgres/index.js';

const seed = fileURLToPath(new URL('./seed.sql', import.meta.url));

/**
 * What a server connected as the provider's role can do to hintproof's own share of the cluster (issue 11,
 * row 7), done here by a plain client in its place: each act ends in a lost run or a listed change, and
 * the provider goes on making runs.
 */
describe('the pg provider against a hostile session of its own role (embedded cluster)', () => {
  let provider: PgProvider;
  let server: pg.Client;
  beforeAll(async () => {
    provider = await createPgProvider({ seed, provider: 'embedded' });
    server = new pg.Client({ ...provider.server.admin });
    await server.connect();
  });
  afterAll(async () => {
    await server?.end();
    await provider?.[Symbol.asyncDispose]();
  });

  const endHintproofSessions = () =>
    server.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name like 'hintproof-%'",
    );

  it('reconnects a first snapshot whose connection was ended, and loses the run when a later one is', async () => {
    await using instance = await provider.create('/unused');
    await endHintproofSessions();
    const baseline = await instance.snapshot();
    await endHintproofSessions();
    const lost = await instance.snapshot().catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(SandboxLost);
    expect((lost as Error).message).toMatch(
      /^hintproof's own connection to the run's database hintproof_\d+_[0-9a-f]+_run_\d+ was ended during the run \(/,
    );
    // Lost for good: no later snapshot of this run is taken as evidence.
    await expect(instance.snapshot()).rejects.toBe(lost);
    expect(baseline.seq).toBe(0);
  });

  it('loses the run whose template was dropped, and makes a new template for the next runs', async () => {
    const before = provider.template;
    {
      await using instance = await provider.create('/unused');
      await instance.snapshot();
      await server.query(`drop database "${before}" with (force)`);
      await expect(instance.snapshot()).rejects.toThrow(
        new RegExp(`^hintproof's own database ${before} was dropped or renamed during the run`),
      );
    }
    // The copy made ahead came from the old template; the one after needs a new one.
    await using spare = await provider.create('/unused');
    await using next = await provider.create('/unused');
    expect(provider.template).toMatch(new RegExp(`^${before}_\\d+$`));
    const client = new pg.Client(next.placeholders.pg);
    await client.connect();
    expect((await client.query('select count(*)::int as n from customers')).rows).toEqual([{ n: 2 }]);
    await client.end();
    const a = await next.snapshot();
    expect(next.diff(a, await next.snapshot())).toEqual([]);
    expect(spare.target.database).not.toBe(next.target.database);
  });

  it('shows a database the server made as a change, then drops it and lists it', async () => {
    {
      await using instance = await provider.create('/unused');
      const before = await instance.snapshot();
      await server.query('create database saboteur_made');
      const changes = instance.diff(before, await instance.snapshot());
      expect(changes).toEqual([
        {
          kind: 'add',
          environment: 'pg',
          entity: '(database saboteur_made)',
          detail: "database made outside the run's own (hintproof drops it after the run)",
        },
      ]);
    }
    expect(await provider.sweep()).toEqual([{ name: 'saboteur_made', dropped: true }]);
    const { rows } = await server.query("select 1 from pg_database where datname = 'saboteur_made'");
    expect(rows).toEqual([]);
  });

  it('goes on making runs after its own maintenance sessions were ended', async () => {
    await endHintproofSessions();
    await using instance = await provider.create('/unused');
    await endHintproofSessions();
    await using another = await provider.create('/unused');
    expect(instance.target.database).not.toBe(another.target.database);
    await expect(another.snapshot()).resolves.toMatchObject({ seq: 0 });
  });
});
