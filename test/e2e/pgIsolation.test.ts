import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectIsolation } from '../../harness/process/isolation.js';
import { fixtures, repoRoot, runCli, statuses } from './runCli.js';

const seed = join(repoRoot, 'test/fixtures/pg/reach.sql');
const mechanisms = (['bubblewrap', 'unshare'] as const).filter((kind) => detectIsolation(kind).kind === kind);

describe.each(mechanisms)('a pg run isolated by %s (embedded provider)', (kind) => {
  it('reaches its own database by URL and by host and port, and nothing of the host’s', async () => {
    const result = await runCli(
      [
        'check',
        '--seed',
        '1',
        '--runs',
        '2',
        '--producers',
        'count_notes',
        '--pg',
        seed,
        '--',
        'node',
        join(fixtures, 'pg-reach.js'),
        '{pg}',
        '{pg.host}',
        '{pg.port}',
      ],
      { json: true, env: { HINTPROOF_ISOLATION: kind } },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const report = result.report!;
    // Isolated, and the report says so where it used to say it was not.
    expect(report.settings.isolation).toBe(kind);
    expect(result.stdout.split('\n')[0]).toMatch(/^hintproof /);
    expect(result.stdout).toContain(`isolation: ${kind} (own network namespace`);
    const verdicts = statuses(report);
    // The database connection is the sandbox's own: not egress, whichever way it is given.
    for (const tool of ['count_notes', 'count_by_parts']) {
      expect(verdicts[tool], tool).toMatchObject({ readOnlyHint: 'consistent', openWorldHint: 'consistent' });
      expect(report.tools.find((t) => t.name === tool)!.calls.errors, tool).toBe(0);
    }
    // The host's own Postgres port is another network: trying it is egress, with the destination as evidence.
    expect(verdicts.reach_past?.openWorldHint).toBe('contradicted');
    const verdict = report.tools.find((t) => t.name === 'reach_past')!.verdicts.openWorldHint;
    if (verdict.status !== 'contradicted') throw new Error('reach_past openWorldHint should be contradicted');
    expect(verdict.evidence.egress?.map((attempt) => attempt.destination)).toContain('127.0.0.1:5432');
  });
});
