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

/** Sets the canonical output settings for the session of `client`. */
export async function useCanonicalOutput(client: pg.ClientBase): Promise<void> {
  await client.query(CANONICAL_OUTPUT.map(([name, value]) => `set ${name} = '${value}'`).join('; '));
}
