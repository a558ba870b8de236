import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgProvider } from '../../../../harness/environments/postgres/index.js';
import { createPgProvider } from '../../../../harness/environments/postgres/index.js';

const seed = fileURLToPath(new URL('./seed.sql', import.meta.url));

describe('the pg provider over an embedded cluster', () => {
  let provider: PgProvider;
  beforeAll(async () => {
    provider = await createPgProvider({ seed, provider: 'embedded' });
  });
  afterAll(async () => {
    await provider?.[Symbol.asyncDispose]();
  });

  async function withRun<T>(
    work: (client: pg.Client, instance: Awaited<ReturnType<PgProvider['create']>>) => Promise<T>,
  ) {
    await using instance = await provider.create('/unused');
    const client = new pg.Client(instance.placeholders.pg);
    await client.connect();
    try {
      return await work(client, instance);
    } finally {
      await client.end();
    }
  }

  it('hands out placeholders for a fresh copy of the seeded template', async () => {
    await withRun(async (client, instance) => {
      expect(instance.placeholders['pg.database']).toMatch(/^hintproof_\d+_[0-9a-f]+_run_\d+$/);
      expect(instance.placeholders.pg).toContain(`/${instance.placeholders['pg.database']}`);
      const { rows } = await client.query('select name from customers order by id');
      expect(rows.map((r: { name: string }) => r.name)).toEqual(['Ada', 'Bob']);
    });
  });

  it('gives sandboxes created at once a database each (the copy made ahead goes to one of them)', async () => {
    await using warm = await provider.create('/unused');
    expect(warm.placeholders['pg.database']).toBeDefined();
    const made = await Promise.all([provider.create('/unused'), provider.create('/unused')]);
    try {
      const [a, b] = made.map((instance) => instance.placeholders['pg.database']);
      expect(a).not.toBe(b);
    } finally {
      for (const instance of made) await instance[Symbol.asyncDispose]();
    }
  });

  it('sees no change when nothing happens', async () => {
    await withRun(async (_client, instance) => {
      const a = await instance.snapshot();
      const b = await instance.snapshot();
      expect(instance.diff(a, b)).toEqual([]);
    });
  });

  it('reports inserts, updates (column by column), deletes and sequence advances', async () => {
    await withRun(async (client, instance) => {
      const before = await instance.snapshot();
      await client.query("insert into customers (email, name) values ('cy@example.com', 'Cy')");
      await client.query("update customers set name = 'Ada L.' where id = 1");
      await client.query('delete from orders where id = 2');
      const after = await instance.snapshot();
      const changes = instance.diff(before, after);
      expect(changes.map((c) => `${c.kind} ${c.entity}`)).toEqual([
        'delete public.orders(id=2)',
        'modify public.customers(id=1)',
        'add public.customers(id=3)',
        'counter public.customers_id_seq',
      ]);
      const modify = changes.find((c) => c.kind === 'modify')!;
      expect(modify.detail).toBe('name: "Ada" → "Ada L."');
      expect(modify.columns).toEqual(['public.customers.name']);
    });
  });

  it('nets out a change undone before the next snapshot, and counts keyless duplicates', async () => {
    await withRun(async (client, instance) => {
      const before = await instance.snapshot();
      await client.query("update customers set name = 'X' where id = 2");
      await client.query("update customers set name = 'Bob' where id = 2");
      await client.query('delete from events where ctid = (select min(ctid) from events)');
      const changes = instance.diff(before, await instance.snapshot());
      expect(changes.map((c) => `${c.kind} ${c.entity}`)).toEqual([
        'delete public.events(at="t1", what="open")',
      ]);
    });
  });

  it('reports created, altered and dropped schema objects without their parts', async () => {
    await withRun(async (client, instance) => {
      const before = await instance.snapshot();
      await client.query('create table notes (id int primary key, body text)');
      await client.query('insert into notes values (1, $1)', ['hi']);
      await client.query('alter table customers alter column name type varchar(80)');
      await client.query('drop table audit_log');
      const changes = instance.diff(before, await instance.snapshot());
      expect(changes.map((c) => `${c.kind} ${c.entity}`)).toEqual([
        'delete public.audit_log',
        'delete public.audit_log_id_seq',
        'modify public.customers.name',
        'add public.notes',
        'add public.notes(id=1)',
      ]);
    });
  });

  it("connects the server as the owner of its database and the seed's tables, with no superuser reach", async () => {
    await withRun(async (client, instance) => {
      expect(instance.placeholders['pg.user']).toMatch(/^hintproof_\d+_[0-9a-f]+_owner$/);
      const { rows } = await client.query(
        `select r.rolsuper as super, r.rolcreatedb as createdb, r.rolcreaterole as createrole,
                pg_get_userbyid(d.datdba) = current_user as owns_database,
                (select tableowner from pg_tables where tablename = 'customers') = current_user as owns_seed
           from pg_roles r, pg_database d where r.rolname = current_user and d.datname = current_database()`,
      );
      expect(rows).toEqual([
        { super: false, createdb: false, createrole: false, owns_database: true, owns_seed: true },
      ]);
      await expect(client.query("copy (select 1) to program 'true'")).rejects.toThrow(/permission denied/);
    });
  });

  it('reports a transaction the server leaves open', async () => {
    await withRun(async (client, instance) => {
      const before = await instance.snapshot();
      await client.query('begin');
      await client.query("update customers set name = 'Z' where id = 1");
      const changes = instance.diff(before, await instance.snapshot());
      await client.query('rollback');
      expect(changes.map((c) => `${c.kind} ${c.entity}`)).toEqual(['counter (uncommitted transaction)']);
      expect(changes[0]!.detail).toMatch(
        /^uncommitted transaction held by the server \(backend \d+, idle in transaction, has written\)/,
      );
    });
  });

  it('harvests table names, keys, unique values and short texts from the seed', async () => {
    await withRun(async (_client, instance) => {
      const values = instance.harvest(await instance.snapshot());
      expect(values).toEqual(
        expect.arrayContaining([
          { kind: 'table', value: 'customers' },
          { kind: 'identifier', value: '1' },
          { kind: 'identifier', value: 'ada@example.com' },
          { kind: 'name', value: 'Ada' },
        ]),
      );
    });
  });

  it('harvests each table with its columns, key and the key values of its rows', async () => {
    await withRun(async (_client, instance) => {
      const relations = instance.harvest(await instance.snapshot()).filter((v) => v.kind === 'relation');
      expect(relations.map((r) => r.value)).toEqual([
        'public.audit_log',
        'public.customers',
        'public.events',
        'public.orders',
      ]);
      expect(relations.find((r) => r.value === 'public.orders')?.relation).toEqual({
        dialect: 'postgres',
        name: 'orders',
        columns: [
          { name: 'id', type: 'integer', nullable: false, hasDefault: true },
          { name: 'customer_id', type: 'integer', nullable: false, hasDefault: false },
          { name: 'total', type: 'numeric(10,2)', nullable: false, hasDefault: false },
          { name: 'updated_at', type: 'timestamp with time zone', nullable: false, hasDefault: true },
        ],
        key: ['id'],
        keyValues: [{ id: 1 }, { id: 2 }],
      });
      expect(relations.find((r) => r.value === 'public.events')?.relation).toMatchObject({
        key: [],
        keyValues: [{}, {}],
      });
    });
  });

  it('keeps only the template and one copy made ahead between runs, and drops them all on dispose', async () => {
    const admin = new pg.Client({ ...provider.server.admin });
    await admin.connect();
    const list = async () =>
      (
        await admin.query<{ datname: string }>(
          "select datname from pg_database where datname like 'hintproof\\_%' order by datname",
        )
      ).rows.map((r) => r.datname);
    try {
      // The copy made ahead may still be in progress: wait for it (bounded).
      let between = await list();
      for (let tries = 0; between.length < 2 && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        between = await list();
      }
      expect(between).toHaveLength(2);
      expect(between).toContain(provider.template);
      expect(provider.databases).toEqual(new Set(between));
    } finally {
      await admin.end();
    }
    // Dropped before the cluster stops (the url provider's e2e test checks the server side).
    await provider[Symbol.asyncDispose]();
    expect(provider.databases.size).toBe(0);
  });

  it('says how to seed as a superuser when the seed needs one', async () => {
    const needy = join(mkdtempSync(join(tmpdir(), 'hintproof-seed-')), 'needy.sql');
    writeFileSync(needy, 'create extension dblink;\n');
    await expect(createPgProvider({ seed: needy })).rejects.toThrow(
      /failed at line 1: permission denied to create extension "dblink"[\s\S]*runs as the server's role "hintproof_\d+_[0-9a-f]+_owner", which is no superuser[\s\S]*--pg-superuser/,
    );
  });

  it('reports a failing seed statement with its line number and the Postgres message', async () => {
    const bad = join(mkdtempSync(join(tmpdir(), 'hintproof-seed-')), 'bad.sql');
    writeFileSync(bad, 'create table a (id int);\n\n-- then\ninsert into missing values (1);\n');
    await expect(createPgProvider({ seed: bad })).rejects.toThrow(
      /^--pg: the seed .*bad\.sql failed at line 4: relation "missing" does not exist\n {2}statement: insert into missing values \(1\)/,
    );
  });
});
