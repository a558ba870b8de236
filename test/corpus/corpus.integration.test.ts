import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentsFor } from '../../src/generate/index.js';
import { POOL } from '../src/generate/schemas.js';
import { EDGE_CASES } from './edgeCases.js';

interface RecordedTools {
  server: string;
  version: string;
  tools: Array<{ name: string; inputSchema: unknown }>;
}

/** Recorded by `node test/corpus/recordTools.js` (and the server-filesystem fixture next to the unit tests). */
const recorded: RecordedTools[] = [
  ...readdirSync(new URL('.', import.meta.url))
    .filter((file) => file.endsWith('.tools.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as RecordedTools),
  JSON.parse(
    readFileSync(new URL('../src/generate/fixtures/server-filesystem.tools.json', import.meta.url), 'utf8'),
  ) as RecordedTools,
];

const realTools = recorded.flatMap((server) =>
  server.tools.map((tool) => [`${server.server}@${server.version} ${tool.name}`, tool.inputSchema] as const),
);
const edgeCases = Object.entries(EDGE_CASES).map(
  ([title, schema]) => [`edge case: ${title}`, schema] as const,
);

describe('the schema corpus', () => {
  it('holds at least 40 real input schemas from at least 5 servers', () => {
    expect(realTools.length).toBeGreaterThanOrEqual(40);
    expect(new Set(recorded.map((server) => server.server)).size).toBeGreaterThanOrEqual(5);
  });

  describe.each([...realTools, ...edgeCases])('%s', (_title, inputSchema) => {
    it('gives 200 arguments that ajv accepts, or a reason the tool is inconclusive', () => {
      const outcome = argumentsFor({ name: 'tool', inputSchema }, POOL);
      if (!outcome.ok) {
        expect(outcome.reason).toMatch(/^cannot generate arguments: .+ at #/);
        return;
      }
      const invalid: string[] = [];
      for (const args of fc.sample(outcome.arbitrary, { seed: 42, numRuns: 200 })) {
        const result = outcome.guard.validate(args);
        if (!result.valid) invalid.push(`${JSON.stringify(args)}: ${result.errors}`);
      }
      expect(invalid).toEqual([]);
    });
  });

  it('generates for every real schema and every edge case (none is inconclusive)', () => {
    const inconclusive = [...realTools, ...edgeCases].flatMap(([title, inputSchema]) => {
      const outcome = argumentsFor({ name: 'tool', inputSchema }, POOL);
      return outcome.ok ? [] : [`${title}: ${outcome.reason}`];
    });
    expect(inconclusive).toEqual([]);
  });
});
