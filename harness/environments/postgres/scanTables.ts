import type pg from 'pg';
import type { PgRow } from './pgSnapshot.js';

/** The fingerprint of an empty table. */
export const EMPTY_FINGERPRINT = '0:0';

/** An alias no column is likely to be named: `alias::text` must mean the whole row, not a column. */
const ROW = '_hintproof_row';

/**
 * Tier one: per table `count(*)` and the order-free `sum(hashtextextended(row::text, 0))`, as `count:sum`,
 * in one statement. Reads every row of the tables named (`ident`s are quoted `schema.name`), so only
 * tables whose log cannot be trusted are fingerprinted. `ONLY`: a parent's rows are its own, a child's
 * are the child's. Call under the canonical output settings.
 */
export async function fingerprintTables(client: pg.ClientBase, idents: readonly string[]): Promise<string[]> {
  if (idents.length === 0) return [];
  const { rows } = await client.query<{ i: number; fp: string }>(
    idents
      .map(
        (ident, i) =>
          `select ${i} as i, (select count(*)::text || ':' || coalesce(sum(hashtextextended(${ROW}::text, 0)), 0)::text from only ${ident} ${ROW}) as fp`,
      )
      .join(' union all '),
  );
  const prints = new Array<string>(idents.length);
  for (const row of rows) prints[row.i] = row.fp;
  return prints;
}

/** Tier two's input: every row of one table as JSON (`to_jsonb`), under the canonical output settings. */
export async function readRows(client: pg.ClientBase, ident: string): Promise<PgRow[]> {
  const { rows } = await client.query<{ row: PgRow }>(
    `select to_jsonb(${ROW}) as row from only ${ident} ${ROW}`,
  );
  return rows.map((row) => row.row);
}
