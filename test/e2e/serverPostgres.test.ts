import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { repoRoot, runCli } from './runCli.js';

const server = join(repoRoot, 'node_modules/@modelcontextprotocol/server-postgres/dist/index.js');
const seed = fileURLToPath(new URL('../../scenarios/db-article/seed.sql', import.meta.url));

describe('@modelcontextprotocol/server-postgres (a real npm server) against a sandbox database', () => {
  it('completes without error and contradicts no hint of its query tool', async () => {
    const result = await runCli(
      ['check', '--seed', '3', '--runs', '10', '--pg', seed, '--', 'node', server, '{pg}'],
      {
        json: true,
      },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = result.report!;
    expect(report.server.name).toBe('example-servers/postgres');
    expect(report.tools.map((tool) => tool.name)).toEqual(['query']);
    const query = report.tools[0]!;
    expect(query.calls.total).toBeGreaterThan(0);
    for (const [hint, verdict] of Object.entries(query.verdicts)) {
      expect(verdict.status, hint).not.toBe('contradicted');
    }
  });
});
