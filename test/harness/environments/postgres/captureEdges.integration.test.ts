import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isFingerprint, isRowRead, queriesDuring, show, useCaptureProvider } from './captureHarness.js';

// Writes no row trigger reports, and the path that must stay cheap: intact capture reads no table.
const provider = useCaptureProvider();

describe('change capture, other routes around it', () => {
  it('reads no table while capture is intact, whatever the writes (and does once it is not)', async () => {
    await provider.run(async ({ step }) => {
      const sql = await queriesDuring(async () => {
        const changes = await step(
          "insert into customers (email, name) values ('cy@example.com', 'Cy')",
          "update customers set name = 'Bo' where id = 2",
          "delete from events where what = 'open'",
          'insert into measurements values (3, 2025, 9)',
          "update feelings set mood = 'fine'",
        );
        expect(show(changes)).toEqual([
          'delete public.events(at="t1", what="open")',
          'delete public.events(at="t1", what="open")',
          'modify public.customers(id=2)',
          'modify public.feelings(id=1)',
          'add public.customers(id=3)',
          'add public.measurements_2025(id=3, year=2025)',
          'counter public.customers_id_seq',
        ]);
        expect(await step('select 1')).toEqual([]);
      });
      expect(sql.filter((text) => isFingerprint(text) || isRowRead(text))).toEqual([]);
      // The same spy sees the fallback once capture of a table is off: the measurement can fail.
      const after = await queriesDuring(() => step('alter table events disable trigger all'));
      expect(after.filter(isFingerprint)).toHaveLength(1);
    });
  });

  it('sees the rows of a table renamed (a delete plus an add), and of one dropped and created again', async () => {
    await provider.run(async ({ step }) => {
      const renamed = await step('alter table feelings rename to moods');
      expect(show(renamed)).toEqual([
        'delete public.feelings',
        'modify public.feelings_pkey', // its definition names the table
        'add public.moods',
        'add public.moods(id=1)',
      ]);
      const recreated = await step(
        'drop table events',
        'create table events (at text, what text)',
        "insert into events values ('t9', 'new')",
      );
      expect(show(recreated)).toEqual([
        'delete public.events(at="t1", what="open")',
        'delete public.events(at="t1", what="open")',
        'add public.events(at="t9", what="new")',
      ]);
    });
  });

  it('sees TRUNCATE (the template rows come from a pristine copy), also of one partition', async () => {
    await provider.run(async ({ step }) => {
      const changes = await step('truncate customers cascade', 'truncate measurements_2024');
      expect(show(changes)).toEqual([
        'delete public.customers(id=1)',
        'delete public.customers(id=2)',
        'delete public.measurements_2024(id=1, year=2024)',
      ]);
      expect(changes[2]!.detail).toBe('row id=1, year=2024, value=1.5');
    });
  });

  it('sees values rewritten by ALTER COLUMN … TYPE … USING and by ALTER TYPE … RENAME VALUE', async () => {
    await provider.run(async ({ step }) => {
      const rewritten = await step('alter table customers alter column name type text using upper(name)');
      expect(show(rewritten)).toEqual(['modify public.customers(id=1)', 'modify public.customers(id=2)']);
      expect(rewritten[0]!.detail).toBe('name: "Ada" → "ADA"');
      const renamed = await step("alter type mood rename value 'sad' to 'blue'");
      expect(show(renamed)).toEqual(['modify public.feelings(id=1)']);
      expect(renamed[0]!.detail).toBe('mood: "sad" → "blue"');
    });
  });

  it('sees a materialized view refreshed, and ignores a column added to a table it compares in full', async () => {
    await provider.run(async ({ step }) => {
      const refreshed = await step(
        "insert into customers (email, name) values ('cy@example.com', 'Cy')",
        'refresh materialized view customer_count',
      );
      expect(show(refreshed)).toContain('add public.customer_count(n=3)');
      expect(show(refreshed)).toContain('delete public.customer_count(n=2)');
      const added = await step("alter table customers add column tier text not null default 'basic'");
      expect(show(added)).toEqual(['add public.customers.tier']);
    });
  });

  it('sees a write whose transaction commits after a later one was read (log ids out of commit order)', async () => {
    await provider.run(async ({ client, instance }) => {
      const slow = new pg.Client(instance.placeholders.pg);
      await slow.connect();
      try {
        const start = await instance.snapshot();
        await slow.query('begin');
        await slow.query("update customers set name = 'Slow' where id = 2"); // log id 1, not committed
        await client.query("update customers set name = 'Fast' where id = 1"); // log id 2, committed
        const middle = await instance.snapshot();
        expect(show(instance.diff(start, middle))).toEqual([
          'modify public.customers(id=1)',
          'counter (uncommitted transaction)',
        ]);
        await slow.query('commit');
        const end = await instance.snapshot();
        expect(show(instance.diff(middle, end))).toEqual(['modify public.customers(id=2)']);
      } finally {
        await slow.end();
      }
    });
  });

  it('logs rows in one output format, whatever the writing session set (TimeZone, bytea_output)', async () => {
    await provider.run(async ({ step }) => {
      await step('create table stamps (id int primary key, at timestamptz, raw bytea)');
      const changes = await step(
        "set timezone = 'America/New_York'",
        "set bytea_output = 'escape'",
        "insert into stamps values (1, '2024-01-01 00:00:00+00', '\\x01ff')",
      );
      expect(changes[0]!.detail).toBe('row at="2024-01-01T00:00:00+00:00", id=1, raw="\\\\x01ff"');
    });
  });
});
