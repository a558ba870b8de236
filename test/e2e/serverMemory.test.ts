import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './runCli.js';

const server = join(repoRoot, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');

const DELETE_TOOLS = ['delete_entities', 'delete_observations', 'delete_relations'];

describe('@modelcontextprotocol/server-memory on an empty sandbox (a real server that starts with no state)', () => {
  it('exercises every delete tool against entities made earlier in its session, and contradicts no hint', async () => {
    const result = await runCli(
      ['check', '--seed', '2', '--env', 'MEMORY_FILE_PATH={fs}/memory.jsonl', '--', 'node', server],
      { json: true, timeoutMs: 900_000 },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = result.report!;
    expect(report.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(DELETE_TOOLS));
    for (const tool of report.tools) {
      for (const [hint, verdict] of Object.entries(tool.verdicts)) {
        expect(verdict.status, `${tool.name}.${hint}`).not.toBe('contradicted');
      }
    }
    for (const name of DELETE_TOOLS) {
      const tool = report.tools.find((candidate) => candidate.name === name)!;
      // Exercised against existing state: some commands met entities that existed, made by a preamble or by
      // the tools before it in its chain (create_entities before delete_observations).
      expect(tool.calls.metExisting, name).toBeGreaterThan(0);
      // …and really deleted some: the suggestion to stay destructive rests on observed deletions.
      expect(tool.suggested.destructiveHint, name).toBe(true);
      expect(tool.suggestedBasis?.destructiveHint, name).toBeGreaterThan(0);
      expect(tool.verdicts.destructiveHint.status, name).toBe('consistent');
      expect(tool.verdicts.idempotentHint.status, name).toBe('consistent');
    }
    // Its create_* tools skip duplicates: a repeat changes nothing, and the suggestions say so.
    for (const name of ['create_entities', 'create_relations']) {
      const tool = report.tools.find((candidate) => candidate.name === name)!;
      expect(tool.declared?.idempotentHint, name).toBe(false);
      expect(tool.suggested.idempotentHint, name).toBe(true);
      expect(tool.suggested.destructiveHint, name).toBe(false);
    }
  }, 900_000);
});
