import type pg from 'pg';
import { CAPTURE_SCHEMA, CAPTURE_TRIGGER } from './installCapture.js';

/** One table (or materialized view) with storage, as change capture sees it. */
export interface CapturedTable {
  readonly oid: number;
  /** `"schema"."name"`, quoted for SQL. */
  readonly ident: string;
  /** The table's catalog row (xmin): changes on ALTER, TRUNCATE, REFRESH and every rewrite. */
  readonly rowSeal: string;
  /** Its capture trigger's identity and state (oid, xmin, enabled): changes when it is dropped, replaced or toggled. */
  readonly triggerSeal: string;
  /** Why its writes may not reach the log right now; absent: capture is in place (or it is a materialized view). */
  readonly uncaptured?: string;
}

/** The state of change capture in one database at one instant (inside the snapshot's transaction). */
export interface CaptureState {
  /** Identity of hintproof's own objects (schema, log, functions, guards, event trigger); '' when they are gone. */
  readonly machine: string;
  /** The log's id sequence; it only moves forward unless someone resets it. */
  readonly logSequence: number;
  /** Qualified name → table, for every table and materialized view in the user's schemas. */
  readonly tables: ReadonlyMap<string, CapturedTable>;
}

const S = CAPTURE_SCHEMA;
const USER = `n.nspname not in ('pg_catalog', 'information_schema', '${S}') and n.nspname not like 'pg\\_%'`;

const MACHINE_SQL = `
select concat_ws(' | ',
  (select 'schema ' || oid || ':' || xmin from pg_namespace where nspname = '${S}'),
  (select string_agg(c.relname || ' ' || c.oid || ':' || c.xmin, ', ' order by c.relname)
     from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = '${S}'),
  (select string_agg(p.proname || ' ' || p.oid || ':' || p.xmin, ', ' order by p.proname)
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = '${S}'),
  (select string_agg(g.tgname || ' ' || g.oid || ':' || g.xmin || ':' || g.tgenabled::text, ', ' order by g.tgname)
     from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = '${S}' and not g.tgisinternal),
  (select string_agg(e.evtname || ' ' || e.oid || ':' || e.xmin || ':' || e.evtenabled::text, ', ' order by e.evtname)
     from pg_event_trigger e where e.evtname like '\\_hintproof%')) as machine,
  coalesce((select last_value from pg_sequences where schemaname = '${S}' and sequencename = 'log_id_seq'), 0)::text
    as log_sequence
`;

/** tgtype 29 = ROW | INSERT | DELETE | UPDATE, AFTER; no WHEN clause, no column list, our function. */
const TABLES_SQL = `
select n.nspname || '.' || c.relname as name, c.oid::int8::text as oid, c.relkind,
       quote_ident(n.nspname) || '.' || quote_ident(c.relname) as ident, c.xmin::text as row_seal,
       g.oid::int8::text || ':' || g.xmin::text || ':' || g.tgenabled::text as trigger_seal, g.tgenabled::text as enabled,
       g.tgtype = 29 and g.tgqual is null and g.tgattr::text = '' and coalesce(g.tgfoid = f.oid, false) as ours
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  left join pg_trigger g on g.tgrelid = c.oid and g.tgname = '${CAPTURE_TRIGGER}'
  left join (select p.oid from pg_proc p join pg_namespace pn on pn.oid = p.pronamespace
              where pn.nspname = '${S}' and p.proname = 'capture') f on true
 where c.relkind in ('r', 'm') and ${USER}
`;

const ENABLED: Readonly<Record<string, string | undefined>> = {
  A: undefined,
  D: 'its capture trigger is disabled',
  O: 'its capture trigger fires only outside replica sessions (ENABLE TRIGGER instead of ENABLE ALWAYS)',
  R: 'its capture trigger fires only in replica sessions',
};

/** Both in one round trip: the machine row, joined with every table (none: one row of nulls). */
const CAPTURE_SQL = `with machine as (${MACHINE_SQL}), tables as (${TABLES_SQL})
select * from machine left join tables on true`;

/** Reads the state of change capture; cost follows the number of tables, not their size. */
export async function readCapture(client: pg.ClientBase): Promise<CaptureState> {
  const { rows } = await client.query<{
    machine: string;
    log_sequence: string;
    name: string | null;
    oid: string;
    relkind: string;
    ident: string;
    row_seal: string;
    trigger_seal: string | null;
    enabled: string | null;
    ours: boolean | null;
  }>(CAPTURE_SQL);
  const tables = new Map<string, CapturedTable>();
  for (const row of rows) {
    if (row.name === null) continue;
    const uncaptured =
      row.relkind !== 'r'
        ? undefined
        : row.enabled === null
          ? 'its capture trigger is missing'
          : row.ours !== true
            ? 'its capture trigger was replaced by a different one'
            : Object.hasOwn(ENABLED, row.enabled)
              ? ENABLED[row.enabled]
              : `its capture trigger is in an unknown state (tgenabled "${row.enabled}")`;
    tables.set(row.name, {
      oid: Number(row.oid),
      ident: row.ident,
      rowSeal: row.row_seal,
      triggerSeal: row.trigger_seal ?? '',
      ...(uncaptured === undefined ? {} : { uncaptured }),
    });
  }
  return {
    machine: rows[0]?.machine ?? '',
    logSequence: Number(rows[0]?.log_sequence ?? 0),
    tables,
  };
}
