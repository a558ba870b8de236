import type pg from 'pg';

/**
 * The output settings every row text or JSON hintproof compares is produced under: the capture trigger
 * sets them for its own call (a server's `SET TimeZone` or `bytea_output` cannot change how its writes
 * are logged), and every connection that reads rows or fingerprints them sets them for its session, so a
 * logged row, a scanned row and the template's fingerprint of the same row are the same text.
 */
export const CANONICAL_OUTPUT: readonly (readonly [string, string])[] = [
  ['timezone', 'UTC'],
  ['datestyle', 'ISO'],
  ['intervalstyle', 'postgres'],
  ['extra_float_digits', '1'],
  ['bytea_output', 'hex'],
  ['lc_monetary', 'C'],
];

/**
 * The search path every hintproof session in a run's database and the capture trigger use: the server's
 * role owns that database and may `ALTER DATABASE … SET search_path` (or `ALTER ROLE … SET`) to put its own
 * operators and functions before pg_catalog's; pinned, only pg_catalog's are found (pg_temp is searched for
 * relations only when named last).
 */
export const PINNED_SEARCH_PATH = 'pg_catalog, pg_temp';

/**
 * Sets the canonical output settings and the pinned search path for the session of `client`, overriding
 * whatever the server set for its database or role (`ALTER DATABASE/ROLE … SET`, applied at each connect).
 */
export async function useCanonicalOutput(client: pg.ClientBase): Promise<void> {
  await client.query(
    [
      `set search_path = ${PINNED_SEARCH_PATH}`,
      ...CANONICAL_OUTPUT.map(([name, value]) => `set ${name} = '${value}'`),
    ].join('; '),
  );
}
