import type pg from 'pg';

/** The schema holding hintproof's change log inside each sandbox database; left out of every snapshot. */
export const CAPTURE_SCHEMA = '_hintproof';

/**
 * Change capture, installed once in the template so every run's copy has it: a row trigger on every table
 * of the user's schemas appends each insert, update and delete (old and new row as JSON) to
 * `_hintproof.log`; a truncate logs every row as deleted; an event trigger attaches the same triggers to
 * tables the server creates later. A snapshot then reads only the log entries since the previous one, so
 * its cost follows the change, not the size of the tables.
 */
const CAPTURE_SQL = `
create schema ${CAPTURE_SCHEMA};
create table ${CAPTURE_SCHEMA}.log (
  id bigserial primary key, tbl text not null, op text not null, old jsonb, new jsonb
);
create function ${CAPTURE_SCHEMA}.capture() returns trigger language plpgsql security definer as $f$
begin
  insert into ${CAPTURE_SCHEMA}.log (tbl, op, old, new) values (
    tg_table_schema || '.' || tg_table_name, left(tg_op, 1),
    case when tg_op <> 'INSERT' then to_jsonb(old) end, case when tg_op <> 'DELETE' then to_jsonb(new) end);
  return null;
end $f$;
create function ${CAPTURE_SCHEMA}.capture_truncate() returns trigger language plpgsql security definer as $f$
begin
  execute format('insert into ${CAPTURE_SCHEMA}.log (tbl, op, old) select %L, ''D'', to_jsonb(t) from %I.%I t',
    tg_table_schema || '.' || tg_table_name, tg_table_schema, tg_table_name);
  return null;
end $f$;
create function ${CAPTURE_SCHEMA}.attach(target regclass) returns void language plpgsql as $f$
begin
  execute format('create trigger _hintproof_capture after insert or update or delete on %s for each row execute function ${CAPTURE_SCHEMA}.capture()', target);
  execute format('create trigger _hintproof_truncate before truncate on %s for each statement execute function ${CAPTURE_SCHEMA}.capture_truncate()', target);
end $f$;
select ${CAPTURE_SCHEMA}.attach(c.oid) from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and c.relispartition = false
    and n.nspname not in ('pg_catalog', 'information_schema', '${CAPTURE_SCHEMA}') and n.nspname not like 'pg\\_%';
`;

const EVENT_TRIGGER_SQL = `
create function ${CAPTURE_SCHEMA}.on_create() returns event_trigger language plpgsql as $f$
declare created record;
begin
  for created in select objid from pg_event_trigger_ddl_commands()
      where object_type = 'table' and schema_name <> '${CAPTURE_SCHEMA}' loop
    perform ${CAPTURE_SCHEMA}.attach(created.objid::regclass);
  end loop;
end $f$;
create event trigger _hintproof_on_create on ddl_command_end
  when tag in ('CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO') execute function ${CAPTURE_SCHEMA}.on_create();
`;

/**
 * Installs change capture into the (seeded) database `client` is connected to. Returns false when the role
 * may not create event triggers (not a superuser): rows of tables created later are then not captured, only
 * the tables themselves.
 */
export async function installCapture(client: pg.Client): Promise<boolean> {
  await client.query(CAPTURE_SQL);
  try {
    await client.query('savepoint capture_event');
    await client.query(EVENT_TRIGGER_SQL);
    return true;
  } catch {
    await client.query('rollback to savepoint capture_event');
    return false;
  }
}
