import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLIND_REASON } from '../../src/engine/policy/blindness.js';
import { repoRoot, runCli, statuses } from './runCli.js';

const modules = join(repoRoot, 'node_modules/@modelcontextprotocol');

/**
 * The reference servers that keep their state in process memory, checked as published (devDependencies),
 * with verdicts checked by hand against their source:
 *
 * - server-everything: `echo`, `get-sum` and `get-resource-reference` compute an answer from their arguments
 *   and change nothing; `toggle-simulated-logging` flips an in-memory flag that no tool or resource shows. No
 *   tool touches the network (openWorldHint: false holds). Its read-only tools and resources are observers,
 *   and none of them shows the flag: nothing observable changes, so the check is blind, and every state claim
 *   is inconclusive, never consistent. Its slow `trigger-long-running-operation` is no observer (read > 3 s).
 * - server-sequential-thinking: one tool, claims readOnlyHint: true, appends each thought to a history in
 *   memory that nothing reads back: blind, inconclusive.
 */
describe('reference servers whose state is in process memory', () => {
  it('server-everything: blind, so no state claim is consistent; no tool reaches out', async () => {
    const tools = ['echo', 'get-sum', 'get-resource-reference', 'toggle-simulated-logging'];
    const result = await runCli(
      [
        'check',
        ...['--seed', '2', '--runs', '5'],
        ...tools.flatMap((tool) => ['--tool', tool]),
        ...['--', 'node', join(modules, 'server-everything/dist/index.js')],
      ],
      { json: true },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = result.report!;
    expect(report.blind).toBe(BLIND_REASON);
    const found = statuses(report);
    for (const tool of tools) {
      expect(found[tool]?.readOnlyHint, tool).toBe('inconclusive');
      expect(found[tool]?.openWorldHint, tool).toBe('consistent');
    }
    expect(found['toggle-simulated-logging']).toMatchObject({
      destructiveHint: 'inconclusive',
      idempotentHint: 'inconclusive',
    });
    expect(report.observers?.used.length).toBeGreaterThan(0);
    expect(report.observers?.dropped).toContainEqual(
      expect.objectContaining({
        name: 'trigger-long-running-operation',
        reason: expect.stringMatching(/^its first read failed: no answer within 3s/) as string,
      }),
    );
    // Nothing tighter than declared from a blind check.
    for (const tool of report.tools) {
      expect(tool.suggested.readOnlyHint, tool.name).toBe(tool.effective.readOnlyHint);
    }
  });

  it('server-sequential-thinking: blind, readOnlyHint inconclusive, openWorldHint consistent', async () => {
    const result = await runCli(
      [
        'check',
        ...['--seed', '2', '--runs', '5'],
        ...['--', 'node', join(modules, 'server-sequential-thinking/dist/index.js')],
      ],
      { json: true },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.report!.blind).toBe(BLIND_REASON);
    expect(statuses(result.report!).sequentialthinking).toMatchObject({
      readOnlyHint: 'inconclusive',
      openWorldHint: 'consistent',
    });
  });
});
