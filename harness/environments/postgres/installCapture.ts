import type pg from 'pg';
import { CANONICAL_OUTPUT, PINNED_SEARCH_PATH } from './canonicalOutput.js';

/** The schema holding hintproof's change log inside each sandbox database; left out of every snapshot. */
export const CAPTURE_SCHEMA = '_hintproof';
/** The row trigger every table with storage carries. */
export const CAPTURE_TRIGGER = '_hintproof_capture';

const SET_OUTPUT = [
  `set search_path = ${PINNED_SEARCH_PATH}`,
  ...CANONICAL_OUTPUT.map(([name, value]) => `set ${name} = '${value}'`),
].join(' ');

/**
 * Change capture, installed once in the template so every run's copy has it: an AFTER ROW trigger on every
 * table (partitions and inheritance children included, each its own) appends each insert, update and
 * delete (old and new row as JSON, in one fixed output format whatever the writer's session settings) to
 * `_hintproof.log`. The triggers fire ALWAYS, so `session_replication_role = replica` does not silence
 * them. The trigger never runs as hintproof's role: a superuser's function would run what a server's own
 * cast to json does. With an owner role it is SECURITY DEFINER of a capture role that may only append to
 * the log, and the server's role may not write the log at all (see ownerGrants); its search path is pinned
 * to pg_catalog and every name in it is qualified, so no operator or function of the server's is found.
 * The log is append-only: updating, deleting or truncating it fails. TRUNCATE needs no trigger: it
 * gives the table a new file, which changes its catalog row, and the snapshot then compares the table in
 * full (see judgeCapture.ts). Anything that defeats capture is found the same way, from the catalogs.
 */
const CAPTURE_SQL = `
create schema ${CAPTURE_SCHEMA};
create table ${CAPTURE_SCHEMA}.log (
  id bigserial primary key, rel oid not null, tbl text not null, op text not null, old jsonb, new jsonb
);
create function ${CAPTURE_SCHEMA}.capture() returns trigger language plpgsql ${SET_OUTPUT} as $f$
begin
  insert into ${CAPTURE_SCHEMA}.log (rel, tbl, op, old, new) values (
    tg_relid,
    pg_catalog.concat(tg_table_schema, '.', tg_table_name),
    pg_catalog.left(tg_op, 1),
    case when tg_op operator(pg_catalog.<>) 'INSERT' then pg_catalog.to_jsonb(old) end,
    case when tg_op operator(pg_catalog.<>) 'DELETE' then pg_catalog.to_jsonb(new) end);
  return null;
end $f$;
create function ${CAPTURE_SCHEMA}.note_type() returns void language plpgsql ${SET_OUTPUT} as $f$
begin
  insert into ${CAPTURE_SCHEMA}.log (rel, tbl, op) values (0, '(ALTER TYPE)', 'T');
end $f$;
create function ${CAPTURE_SCHEMA}.guard() returns trigger language plpgsql as $f$
begin
  raise exception 'hintproof: %.log is hintproof''s change log and is append-only (% refused)', '${CAPTURE_SCHEMA}', tg_op
    using hint = 'The server under test should leave the ${CAPTURE_SCHEMA} schema alone.';
end $f$;
create trigger _hintproof_guard before update or delete on ${CAPTURE_SCHEMA}.log
  for each row execute function ${CAPTURE_SCHEMA}.guard();
create trigger _hintproof_guard_truncate before truncate on ${CAPTURE_SCHEMA}.log
  for each statement execute function ${CAPTURE_SCHEMA}.guard();
alter table ${CAPTURE_SCHEMA}.log enable always trigger _hintproof_guard;
alter table ${CAPTURE_SCHEMA}.log enable always trigger _hintproof_guard_truncate;
create function ${CAPTURE_SCHEMA}.attach(target regclass) returns void language plpgsql as $f$
begin
  if (select relkind from pg_class where oid = target) <> 'r'
     or exists (select 1 from pg_trigger where tgrelid = target and tgname = '${CAPTURE_TRIGGER}') then
    return;
  end if;
  execute format('create trigger ${CAPTURE_TRIGGER} after insert or update or delete on %s for each row execute function ${CAPTURE_SCHEMA}.capture()', target);
  execute format('alter table %s enable always trigger ${CAPTURE_TRIGGER}', target);
end $f$;
select ${CAPTURE_SCHEMA}.attach(c.oid) from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema', '${CAPTURE_SCHEMA}')
    and n.nspname not like 'pg\\_%';
`;

/**
 * Tables created later (CREATE TABLE, CREATE TABLE AS, SELECT INTO) get capture as they are created; their
 * first rows may predate it, so a snapshot compares a new table in full once. ALTER TYPE (renaming an enum
 * value, a composite attribute) changes stored values without touching a table: it is logged as `T`
 * (rel 0: every table), and the next snapshot compares every table in full.
 */
const EVENT_TRIGGER_SQL = `
create function ${CAPTURE_SCHEMA}.on_ddl() returns event_trigger language plpgsql as $f$
declare command record;
begin
  if tg_tag = 'ALTER TYPE' then
    perform ${CAPTURE_SCHEMA}.note_type();
    return;
  end if;
  for command in select objid from pg_event_trigger_ddl_commands()
      where object_type = 'table' and schema_name <> '${CAPTURE_SCHEMA}' loop
    perform ${CAPTURE_SCHEMA}.attach(command.objid::regclass);
  end loop;
end $f$;
create event trigger _hintproof_on_ddl on ddl_command_end
  when tag in ('CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'ALTER TYPE') execute function ${CAPTURE_SCHEMA}.on_ddl();
alter event trigger _hintproof_on_ddl enable always;
`;

/**
 * Installs change capture into the (seeded) database `client` is connected to, inside the caller's
 * transaction. Returns false when the role may not create event triggers (not a superuser): tables created
 * later then carry no capture and are compared in full at every snapshot.
 */
export async function installCapture(client: pg.ClientBase): Promise<boolean> {
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
