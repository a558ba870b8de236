import type pg from 'pg';
import type { HarvestedValue } from '../environment.js';

/** Functions offered to the argument generator, at most. */
const SAMPLE_ROUTINES = 50;

/**
 * The database's own routines a statement can call, read once from the seeded template: plain functions (not
 * aggregates or window functions) and procedures of the user's schemas, except those an extension installed,
 * each with the types of its arguments without a default. A tool that claims to only read and lets
 * `SELECT f()` through runs whatever `f` does. Ordered by schema and name.
 */
export async function sampleRoutines(client: pg.ClientBase): Promise<HarvestedValue[]> {
  const { rows } = await client.query<{ schema: string; name: string; kind: string; args: string[] }>(
    `select n.nspname as schema, p.proname as name, p.prokind as kind,
            array(select format_type(t, null)
                    from unnest(p.proargtypes[0:p.pronargs - p.pronargdefaults - 1]) as t) as args
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.prokind in ('f', 'p') and n.nspname not in ('pg_catalog', 'information_schema', '_hintproof')
        and n.nspname not like 'pg\\_%'
        and p.prorettype <> 'trigger'::regtype
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid
                          and d.deptype = 'e')
      order by n.nspname, p.proname, p.oid limit ${SAMPLE_ROUTINES}`,
  );
  return rows.map(({ schema, name, kind, args }) => ({
    kind: 'routine',
    value: schema === 'public' ? name : `${schema}.${name}`,
    routine: {
      dialect: 'postgres',
      ...(schema === 'public' ? {} : { schema }),
      name,
      kind: kind === 'p' ? 'procedure' : 'function',
      args,
    },
  }));
}
