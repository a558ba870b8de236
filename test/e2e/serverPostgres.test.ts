import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { repoRoot, runCli } from './runCli.js';

const server = join(repoRoot, 'node_modules/@modelcontextprotocol/server-postgres/dist/index.js');
const seed = fileURLToPath(new URL('../../scenarios/db-article/seed.sql', import.meta.url));

describe('@modelcontextprotocol/server-postgres (a real npm server) against a sandbox database', () => {
  it('completes without error, contradicts no hint of its query tool, and sees that tool write', async () => {
    const result = await runCli(['check', '--seed', '3', '--pg', seed, '--', 'node', server, '{pg}'], {
      json: true,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = result.report!;
    expect(report.server.name).toBe('example-servers/postgres');
    expect(report.tools.map((tool) => tool.name)).toEqual(['query']);
    const query = report.tools[0]!;
    expect(query.calls.total).toBeGreaterThan(0);
    // It declares no annotations: MCP's cautious defaults cannot be contradicted.
    for (const [hint, verdict] of Object.entries(query.verdicts)) {
      expect(verdict.status, hint).not.toBe('contradicted');
    }
    // It runs the text in BEGIN TRANSACTION READ ONLY, but `COMMIT; INSERT …` ends that transaction and
    // writes (checked by hand against a real database): it is never suggested read-only.
    expect((query.behaviour ?? []).some((effect) => /adds|overwrites|deletes/.test(effect))).toBe(true);
    expect(query.suggested.readOnlyHint).toBe(false);
  });
});
