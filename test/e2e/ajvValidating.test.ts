import { BLIND_REASON } from '../../src/engine/policy/blindness.js';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtures, runCli } from './runCli.js';

describe('a server whose tools validate their own arguments with ajv', () => {
  it("rejects none of hintproof's calls, and no generated argument failed the guard", async () => {
    const result = await runCli(
      ['check', '--runs', '8', '--seed', '3', '--', 'node', join(fixtures, 'ajv-validating.js')],
      { json: true },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const tools = result.report!.tools;
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'combinators',
      'formats_and_patterns',
      'numbers',
      'objects_and_arrays',
      'recursive',
    ]);
    for (const tool of tools) {
      expect({ tool: tool.name, ...tool.calls }).toEqual({
        tool: tool.name,
        total: 16,
        errors: 0,
        invalidArguments: 0,
        pooledShare: expect.any(Number) as number,
        commands: 8,
        metExisting: expect.any(Number) as number,
        // Every tool claims to be read-only: nothing to build state with, so every command ran alone.
        afterPreamble: 0,
      });
      // Stateless tools: the check is blind, so inconclusive for that reason alone (never a guard's).
      expect(tool.verdicts.readOnlyHint).toEqual({ status: 'inconclusive', reason: BLIND_REASON });
    }
  });
});
