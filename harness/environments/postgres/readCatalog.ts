import type pg from 'pg';
import { CAPTURE_SCHEMA } from './installCapture.js';
import type { PgObject } from './pgSnapshot.js';

const USER_SCHEMA = `not in ('pg_catalog', 'information_schema', 'pg_toast', '${CAPTURE_SCHEMA}') and %s not like 'pg\\_%%'`;
const user = (column: string) => `${column} ${USER_SCHEMA.replaceAll('%s', column).replaceAll('%%', '%')}`;

/** Every user-visible schema object, one row each: type, qualified name, owning table, definition. */
const CATALOG_SQL = `
select 'schema' as type, nspname as name, null as owner, '' as def from pg_namespace where ${user('nspname')}
union all
select case c.relkind when 'r' then 'table' when 'p' then 'table' when 'v' then 'view' when 'm' then 'materialized view'
         when 'f' then 'foreign table' when 'S' then 'sequence' end,
       n.nspname || '.' || c.relname, null,
       case when c.relkind in ('v', 'm') then md5(pg_get_viewdef(c.oid)) else '' end
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and ${user('n.nspname')}
union all
select 'column', n.nspname || '.' || c.relname || '.' || a.attname, n.nspname || '.' || c.relname,
       format_type(a.atttypid, a.atttypmod) || case when a.attnotnull then ' not null' else '' end
         || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
  from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'p', 'v', 'm', 'f') and ${user('n.nspname')}
union all
select 'index', n.nspname || '.' || i.relname, n.nspname || '.' || t.relname, pg_get_indexdef(i.oid)
  from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
  join pg_namespace n on n.oid = i.relnamespace where ${user('n.nspname')}
union all
select 'constraint', n.nspname || '.' || t.relname || '.' || k.conname, n.nspname || '.' || t.relname,
       pg_get_constraintdef(k.oid)
  from pg_constraint k join pg_class t on t.oid = k.conrelid join pg_namespace n on n.oid = t.relnamespace
  where ${user('n.nspname')}
union all
select 'trigger', n.nspname || '.' || t.relname || '.' || g.tgname, n.nspname || '.' || t.relname,
       pg_get_triggerdef(g.oid)
  from pg_trigger g join pg_class t on t.oid = g.tgrelid join pg_namespace n on n.oid = t.relnamespace
  where not g.tgisinternal and g.tgname not like '\\_hintproof%' and ${user('n.nspname')}
union all
select 'function', n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')', null,
       pg_get_function_result(p.oid) || ' ' || md5(coalesce(p.prosrc, ''))
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${user('n.nspname')}
union all
select 'role', rolname, null,
       concat_ws(' ', case when rolsuper then 'superuser' end, case when rolcanlogin then 'login' end,
                 case when rolcreatedb then 'createdb' end, case when rolcreaterole then 'createrole' end)
  from pg_roles where rolname not like 'pg\\_%'
`;

/** Reads the schema objects of the connected database (and the cluster's roles). */
export async function readCatalog(client: pg.ClientBase): Promise<Map<string, PgObject>> {
  const { rows } = await client.query<{ type: string; name: string; owner: string | null; def: string }>(
    CATALOG_SQL,
  );
  return new Map(
    rows.map((row) => [
      `${row.type} ${row.name}`,
      { type: row.type, ...(row.owner === null ? {} : { owner: row.owner }), definition: row.def },
    ]),
  );
}

/** Table → its identifying columns: the primary key, else the first unique index over not-null columns. */
const KEYS_SQL = `
select distinct on (t.oid) n.nspname || '.' || t.relname as table,
       array(select a.attname::text from unnest(x.indkey::int2[]) with ordinality k(attnum, ord)
             join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.ord) as columns
  from pg_index x join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = t.relnamespace
  where (x.indisprimary or x.indisunique) and x.indexprs is null and x.indpred is null and 0 <> all (x.indkey::int2[])
    and not exists (select 1 from unnest(x.indkey::int2[]) k(attnum) join pg_attribute a
                    on a.attrelid = t.oid and a.attnum = k.attnum where not a.attnotnull)
    and ${user('n.nspname')}
  order by t.oid, x.indisprimary desc, x.indexrelid
`;

export async function readKeys(client: pg.ClientBase): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ table: string; columns: string[] }>(KEYS_SQL);
  return new Map(rows.map((row) => [row.table, row.columns]));
}

export async function readSequences(client: pg.ClientBase): Promise<Map<string, string>> {
  const { rows } = await client.query<{ name: string; value: string | null }>(
    `select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences
      where ${user('schemaname')}`,
  );
  return new Map(rows.map((row) => [row.name, row.value ?? 'unused']));
}
