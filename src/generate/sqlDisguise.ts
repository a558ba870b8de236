import fc from 'fast-check';
import type { SqlIntent } from './sqlRole.js';

/** What a write statement does, as far as a disguise cares. */
export type WriteKind = 'dml' | 'ddl';

/**
 * A write, or the same write disguised the ways tools that mean to only read are fooled (each checked by
 * hand against a real server):
 * - `COMMIT; <write>`: ends a read-only transaction the tool opened around the text
 *   (`BEGIN TRANSACTION READ ONLY`, @modelcontextprotocol/server-postgres 0.6.2's `query`).
 * - `SELECT 1; <write>`: passes a guard that the text starts with SELECT; the driver runs every statement
 *   (@henkey/postgres-mcp-server 1.0.7's `pg_execute_query`, node-postgres without parameters).
 * - `WITH hp_w AS (<write> RETURNING 1) SELECT count(*) FROM hp_w` (Postgres, DML only): one statement that
 *   starts with WITH and writes, whatever the driver's protocol.
 * A tool that says it reads gets a disguise for most writes (whether it can write is the question there);
 * others for some. Shrinks to the plain write.
 */
export function disguisedWrite(intent: SqlIntent, dialect: 'postgres' | 'sqlite', kind: WriteKind) {
  const plain = intent === 'read' ? 1 : 4;
  return (write: fc.Arbitrary<string>): fc.Arbitrary<string> =>
    fc.oneof(
      { withCrossShrink: true },
      { arbitrary: write, weight: plain },
      { arbitrary: write.map((statement) => `COMMIT; ${statement}`), weight: 1 },
      { arbitrary: write.map((statement) => `SELECT 1; ${statement}`), weight: 1 },
      ...(dialect === 'postgres' && kind === 'dml'
        ? [
            {
              arbitrary: write.map(
                (statement) => `WITH hp_w AS (${statement} RETURNING 1) SELECT count(*) FROM hp_w`,
              ),
              weight: 1,
            },
          ]
        : []),
    );
}
