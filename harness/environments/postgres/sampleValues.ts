import type pg from 'pg';
import type { HarvestedColumn, HarvestedRelation, HarvestedValue } from '../environment.js';
import { sampleRoutines } from './sampleRoutines.js';

/** Tables and rows per table sampled for the argument generator, at most. */
const SAMPLE_TABLES = 50;
const SAMPLE_ROWS = 20;
/** Text values longer than this are not offered as names. */
const SHORT_TEXT = 40;

/**
 * Values worth offering to generated arguments, read once from the seeded template: table names (plain and
 * schema-qualified), key and unique-column values as identifiers, short text values as names, and each
 * table as a `relation` (columns with type, nullability and default; key; the key values of the sampled
 * rows) for SQL built from the sandbox's own schema, and its functions (`sampleRoutines`). Sorted by kind then
 * value, without duplicates.
 */
export async function sampleValues(
  client: pg.ClientBase,
  keys: ReadonlyMap<string, readonly string[]>,
): Promise<HarvestedValue[]> {
  const { rows: tables } = await client.query<{
    schema: string;
    name: string;
    kind: string;
    uniques: string[];
    columns: HarvestedColumn[];
  }>(
    `select n.nspname as schema, c.relname as name, c.relkind as kind,
            array(select distinct a.attname::text from pg_index x join pg_attribute a on a.attrelid = x.indrelid
                  and a.attnum = any (x.indkey::int2[]) where x.indrelid = c.oid and x.indisunique) as uniques,
            coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
                        'nullable', not a.attnotnull,
                        'hasDefault', a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') order by a.attnum)
                        from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
                     '[]') as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm') and n.nspname not in ('pg_catalog', 'information_schema', '_hintproof')
        and n.nspname not like 'pg\\_%' order by n.nspname, c.relname limit ${SAMPLE_TABLES}`,
  );
  const values = new Map<string, HarvestedValue>();
  const add = (kind: HarvestedValue['kind'], value: string) =>
    values.set(`${kind}\0${value}`, { kind, value });
  for (const table of tables) {
    const qualified = `${table.schema}.${table.name}`;
    add('table', table.name);
    if (table.schema !== 'public') add('table', qualified);
    const key = keys.get(qualified) ?? [];
    const identifying = new Set([...key, ...table.uniques]);
    const { rows } = await client.query<{ row: Record<string, unknown> }>(
      `select to_jsonb(_hintproof_row) as row from ${quote(table.schema)}.${quote(table.name)} _hintproof_row limit ${SAMPLE_ROWS}`,
    );
    if (table.kind === 'r' || table.kind === 'p') {
      const relation: HarvestedRelation = {
        dialect: 'postgres',
        ...(table.schema === 'public' ? {} : { schema: table.schema }),
        name: table.name,
        columns: table.columns,
        key,
        keyValues: rows.map(({ row }) =>
          Object.fromEntries(key.map((column) => [column, scalar(row[column])])),
        ),
      };
      values.set(`relation\0${qualified}`, { kind: 'relation', value: qualified, relation });
    }
    for (const { row } of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (identifying.has(column) && (typeof value === 'string' || typeof value === 'number')) {
          add('identifier', String(value));
        } else if (typeof value === 'string' && value.length > 0 && value.length <= SHORT_TEXT) {
          add('name', value);
        }
      }
    }
  }
  for (const routine of await sampleRoutines(client)) values.set(`routine\0${routine.value}`, routine);
  return [...values.values()].sort((a, b) =>
    a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.value < b.value ? -1 : a.value > b.value ? 1 : 0,
  );
}

/** A JSON value as a key value: scalars as they are, anything else as its JSON text. */
function scalar(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
