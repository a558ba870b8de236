import { describe, expect, it } from 'vitest';
import { isFingerprint, isRowRead, queriesDuring, show, useCaptureProvider } from './captureHarness.js';

// Writes that route around the change-capture triggers must still be seen, with the usual row evidence.
// What a superuser (--pg-superuser) may do to capture: the database's owner can do none of these.
const pg = useCaptureProvider({ superuser: true });

const NAME_CHANGE = "update customers set name = 'Ada L.' where id = 1";
const INSERT = "insert into customers (email, name) values ('cy@example.com', 'Cy')";
const DELETE = 'delete from customers where id = 2';
const ROWS = ['delete public.customers(id=2)', 'modify public.customers(id=1)', 'add public.customers(id=3)'];

describe('change capture, bypassed', () => {
  it('sees writes made with session_replication_role = replica, from the log alone (capture fires ALWAYS)', async () => {
    await pg.run(async ({ step }) => {
      const sql = await queriesDuring(async () => {
        const changes = await step('set session_replication_role = replica', NAME_CHANGE, INSERT, DELETE);
        expect(show(changes)).toEqual([...ROWS, 'counter public.customers_id_seq']);
        expect(changes[1]).toMatchObject({
          detail: 'name: "Ada" → "Ada L."',
          columns: ['public.customers.name'],
        });
      });
      expect(sql.filter(isFingerprint)).toEqual([]);
    });
  });

  it('sees writes made while the triggers were disabled (DISABLE TRIGGER ALL … ENABLE TRIGGER ALL)', async () => {
    await pg.run(async ({ step }) => {
      const changes = await step(
        'alter table customers disable trigger all',
        NAME_CHANGE,
        INSERT,
        DELETE,
        'alter table customers enable trigger all',
      );
      expect(show(changes)).toEqual([...ROWS, 'counter (change capture)', 'counter public.customers_id_seq']);
      expect(changes[1]!.detail).toBe('name: "Ada" → "Ada L."');
      expect(changes[0]!.detail).toBe('row id=2, name="Bob", email="bob@example.com"');
      expect(changes[2]!.detail).toBe('row id=3, name="Cy", email="cy@example.com"');
      expect(changes[3]!.detail).toMatch(
        /^public\.customers: its capture trigger fires only outside replica sessions/,
      );
      // ENABLE TRIGGER (not ALWAYS) leaves capture off under replica: the table stays compared in full.
      expect(show(await step("update customers set name = 'Cy C.' where id = 3"))).toEqual([
        'modify public.customers(id=3)',
      ]);
      expect(await step('select 1')).toEqual([]);
    });
  });

  it('sees writes made under DISABLE TRIGGER USER, and trusts the log again once capture is back', async () => {
    await pg.run(async ({ step }) => {
      const changes = await step(
        'alter table customers disable trigger user',
        NAME_CHANGE,
        'alter table customers enable always trigger _hintproof_capture',
      );
      expect(show(changes)).toEqual(['modify public.customers(id=1)', 'counter (change capture)']);
      const sql = await queriesDuring(async () => {
        expect(show(await step(INSERT))).toEqual([
          'add public.customers(id=3)',
          'counter public.customers_id_seq',
        ]);
      });
      expect(sql.filter(isFingerprint)).toEqual([]);
    });
  });

  it('sees writes made after the capture trigger was dropped, and keeps seeing them', async () => {
    await pg.run(async ({ step }) => {
      const changes = await step('drop trigger _hintproof_capture on customers', DELETE);
      expect(show(changes)).toEqual(['delete public.customers(id=2)', 'counter (change capture)']);
      expect(changes[1]!.detail).toBe(
        'public.customers: its capture trigger is missing; its rows are compared in full',
      );
      expect(show(await step(NAME_CHANGE))).toEqual(['modify public.customers(id=1)']);
    });
  });

  it('fingerprints an uncaptured table at each snapshot but reads its rows only when the fingerprint moved', async () => {
    await pg.run(async ({ step }) => {
      await step('drop trigger _hintproof_capture on customers');
      const sql = await queriesDuring(async () => expect(await step('select 1')).toEqual([]));
      expect(sql.filter(isFingerprint)).toHaveLength(1);
      expect(sql.filter(isRowRead)).toEqual([]);
    });
  });

  it('sees the rows of CREATE TABLE … AS and SELECT INTO, inserted before capture is attached', async () => {
    await pg.run(async ({ step }) => {
      const created = await step(
        'create table vip as select id, name from customers where id = 1',
        'select * into archive from events',
      );
      expect(show(created)).toEqual([
        'add public.archive',
        'add public.archive(at="t1", what="open")',
        'add public.archive(at="t1", what="open")',
        'add public.vip',
        'add public.vip(id=1, name="Ada")',
      ]);
      expect(created[1]!.detail).toBe('keyless row at="t1", what="open"');
      // The event trigger attached capture: later writes come from the log.
      const sql = await queriesDuring(async () => {
        expect(show(await step("update vip set name = 'Ada V.'"))).toEqual([
          'delete public.vip(id=1, name="Ada")',
          'add public.vip(id=1, name="Ada V.")',
        ]);
      });
      expect(sql.filter(isFingerprint)).toEqual([]);
    });
  });

  it('refuses to let the log be emptied or rewritten', async () => {
    await pg.run(async ({ client, step }) => {
      await step(NAME_CHANGE);
      for (const statement of [
        'delete from _hintproof.log',
        'truncate _hintproof.log',
        "update _hintproof.log set new = '{}'",
      ]) {
        await expect(client.query(statement)).rejects.toThrow(
          /_hintproof\.log is hintproof's change log and is append-only/,
        );
      }
    });
  });

  it('sees writes after the capture schema was dropped, at that snapshot and every later one', async () => {
    await pg.run(async ({ step }) => {
      const changes = await step('drop schema _hintproof cascade', NAME_CHANGE);
      expect(show(changes)).toEqual(['modify public.customers(id=1)', 'counter (change capture)']);
      expect(changes[1]!.detail).toBe(
        "hintproof's change capture (schema _hintproof) was dropped; every table is compared in full",
      );
      expect(show(await step(INSERT, "insert into events values ('t2', 'shut')"))).toEqual([
        'add public.customers(id=3)',
        'add public.events(at="t2", what="shut")',
        'counter public.customers_id_seq',
      ]);
    });
  });

  it('sees writes after the log was emptied behind its guard, or the event trigger was disabled', async () => {
    await pg.run(async ({ step }) => {
      await step(NAME_CHANGE);
      const emptied = await step(
        'alter table _hintproof.log disable trigger all',
        'delete from _hintproof.log',
        DELETE,
      );
      expect(show(emptied)).toEqual(['delete public.customers(id=2)', 'counter (change capture)']);
      expect(emptied[1]!.detail).toMatch(/^hintproof's change capture \(schema _hintproof: .*\) was altered/);
    });
    await pg.run(async ({ step }) => {
      const changes = await step(
        'alter event trigger _hintproof_on_ddl disable',
        'create table copy as select * from events',
        "insert into copy values ('t3', 'late')",
      );
      expect(show(changes).filter((line) => line.startsWith('add public.copy('))).toEqual([
        'add public.copy(at="t1", what="open")',
        'add public.copy(at="t1", what="open")',
        'add public.copy(at="t3", what="late")',
      ]);
    });
  });

  it('sees a write logged under an id reused after the log id sequence was moved back', async () => {
    await pg.run(async ({ client, step }) => {
      await client.query('begin');
      await client.query(NAME_CHANGE); // log id 1, never committed
      await client.query('rollback');
      await step(INSERT); // log id 2
      const changes = await step("select setval('_hintproof.log_id_seq', 1, false)", DELETE); // log id 1
      expect(show(changes)).toEqual(['delete public.customers(id=2)', 'counter (change capture)']);
      expect(changes[1]!.detail).toMatch(/^the change log's id sequence was moved back \(2 → 1\)/);
    });
  });
});
