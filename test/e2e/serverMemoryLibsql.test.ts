import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/model/report.js';
import { repoRoot, runCli } from './runCli.js';

const server = join(repoRoot, 'node_modules/mcp-memory-libsql/dist/index.js');

/**
 * mcp-memory-libsql 0.0.17, a published knowledge-graph memory server that keeps its state in a SQLite file
 * (libSQL, `./memory-tool.db` in its working directory: the sandbox), run as a new user would, with no
 * settings. Every contradiction it gets was checked by hand against its source (dist/index.js):
 *
 * - create_entities claims idempotentHint: true. TRUE contradiction: for an entity that exists it runs
 *   `DELETE FROM observations WHERE entity_name = ?` and inserts every observation again, so a second
 *   identical call deletes the rows the first made and adds them under new AUTOINCREMENT ids (churn: the
 *   evidence says "re-inserted as id=… with the same content"). The graph its read tools show is the same,
 *   but the rows are not: anything holding observation id 1 now points at nothing.
 *
 * Nothing else may be contradicted: search_nodes and read_graph only SELECT (readOnlyHint: true holds);
 * delete_entity and delete_relation (idempotentHint: true) fail on the second call with "not found" and
 * change nothing; the other claims are the cautious defaults.
 *
 * delete_entity is reached through create → delete: its preambles call create_entities with arguments made to
 * build state (every entity needs a non-blank name and type and at least one observation, which arguments
 * drawn from the whole schema seldom have), and it deletes an entity named under `name` there.
 */
describe('mcp-memory-libsql (a real server with its state in SQLite)', () => {
  it('contradicts only create_entities.idempotentHint, with rows as evidence and the churn explained', async () => {
    const result = await runCli(['check', '--seed', '1', '--', 'node', server], {
      json: true,
      timeoutMs: 900_000,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const report = result.report as Report;
    const contradicted = report.tools.flatMap((tool) =>
      Object.entries(tool.verdicts)
        .filter(([, verdict]) => verdict.status === 'contradicted')
        .map(([hint]) => `${tool.name}.${hint}`),
    );
    expect(contradicted).toEqual(['create_entities.idempotentHint']);
    for (const name of ['search_nodes', 'read_graph']) {
      const tool = report.tools.find((t) => t.name === name);
      expect(tool?.verdicts.readOnlyHint.status, name).toBe('consistent');
    }
    const deleteEntity = report.tools.find((t) => t.name === 'delete_entity');
    expect(deleteEntity?.calls.metExisting).toBeGreaterThan(0);
    expect(deleteEntity?.verdicts.destructiveHint.status).toBe('consistent');
    expect(deleteEntity?.verdicts.idempotentHint.status).toBe('consistent');
    const verdict = report.tools.find((t) => t.name === 'create_entities')?.verdicts.idempotentHint;
    const changes = verdict !== undefined && 'evidence' in verdict ? (verdict.evidence?.changes ?? []) : [];
    expect(changes.length).toBeGreaterThan(0);
    // Rows, never the database file: the store is compared by meaning.
    expect(changes.every((change) => change.environment === 'sqlite')).toBe(true);
    expect(changes).toContainEqual(
      expect.objectContaining({
        kind: 'delete',
        entity: expect.stringMatching(/^memory-tool\.db#observations\(id=\d+\)$/) as string,
        detail: expect.stringMatching(/; re-inserted as id=\d+ with the same content/) as string,
      }),
    );
    // Its errors are JSON objects: the sample shows the whole object, not its first line "{".
    expect(result.stdout).not.toMatch(/isError: \{\)/);
  }, 900_000);
});
