import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentsFor } from '../../../src/generate/index.js';
import type { ToolArguments } from '../../../src/generate/index.js';
import { POOL } from './schemas.js';

interface RecordedTools {
  server: string;
  version: string;
  tools: Array<{ name: string; inputSchema: unknown }>;
}

/** Recorded by `node test/src/generate/fixtures/recordServerFilesystemTools.js`. */
const serverFilesystem = JSON.parse(
  readFileSync(new URL('fixtures/server-filesystem.tools.json', import.meta.url), 'utf8'),
) as RecordedTools;

function expectOk(outcome: ToolArguments): Extract<ToolArguments, { ok: true }> {
  if (!outcome.ok) throw new Error(`expected arguments, got: ${outcome.reason}`);
  return outcome;
}

describe('argumentsFor', () => {
  it('gives an arbitrary of plain objects and a guard that accepts them', () => {
    const { arbitrary, guard } = expectOk(
      argumentsFor(
        {
          name: 'write_note',
          inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        },
        POOL,
      ),
    );
    for (const args of fc.sample(arbitrary, { seed: 1, numRuns: 100 })) {
      expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
      expect(guard.validate(args)).toEqual({ valid: true });
    }
  });

  it('treats an untyped inputSchema as the arguments object', () => {
    const { arbitrary } = expectOk(
      argumentsFor({ name: 't', inputSchema: { properties: { n: { type: 'integer' } } } }, []),
    );
    expect(fc.sample(arbitrary, { seed: 1, numRuns: 20 }).every((args) => typeof args === 'object')).toBe(
      true,
    );
  });

  it.each<[string, unknown, string]>([
    [
      'an unsatisfiable oneOf',
      {
        type: 'object',
        properties: { target: { oneOf: [{ type: 'string' }, { type: 'string' }] } },
        required: ['target'],
      },
      'cannot generate arguments: no generated value satisfies "oneOf" (0 of 60 candidates): unsatisfiable or too hard at #/properties/target',
    ],
    [
      'an unsatisfiable pattern in an array of objects',
      {
        type: 'object',
        properties: {
          items: {
            type: 'array',
            items: { type: 'object', properties: { id: { type: 'string', pattern: '^x+$', maxLength: 0 } } },
          },
        },
      },
      'cannot generate arguments: no generated value satisfies "pattern" "^x+$" with its lengths (0 of 60 candidates): unsatisfiable or too hard at #/properties/items/items/properties/id',
    ],
    [
      'an inputSchema that is not an object type',
      { type: 'array', items: { type: 'string' } },
      'cannot generate arguments: the inputSchema must have "type": "object", received "type": "array"',
    ],
    [
      'a boolean inputSchema',
      true,
      'cannot generate arguments: the inputSchema must have "type": "object", received a schema of true',
    ],
    [
      'an inputSchema that ajv rejects',
      { type: 'object', properties: { x: { type: 'date' } } },
      'cannot generate arguments: schema rejected by ajv (schema is invalid: data/properties/x/type must be equal to one of the allowed values, data/properties/x/type must be array, data/properties/x/type must match a schema in anyOf) at #',
    ],
    [
      'a missing inputSchema',
      undefined,
      'cannot generate arguments: schema rejected by ajv (a schema must be an object or a boolean, received undefined) at #',
    ],
  ])('never throws for %s: ok is false and the reason is a sentence', (_title, inputSchema, reason) => {
    expect(argumentsFor({ name: 'tool', inputSchema }, POOL)).toEqual({ ok: false, reason });
  });

  describe(`${serverFilesystem.server}@${serverFilesystem.version}`, () => {
    it('lists the tools the fixture was recorded with', () => {
      expect(serverFilesystem.tools.map((tool) => tool.name)).toContain('write_file');
      expect(serverFilesystem.tools.length).toBeGreaterThanOrEqual(10);
    });

    describe.each(serverFilesystem.tools.map((tool) => [tool.name, tool] as const))('%s', (_name, tool) => {
      it('generates arguments that its input schema accepts', () => {
        for (const pool of [[], POOL]) {
          const { arbitrary, guard } = expectOk(argumentsFor(tool, pool));
          fc.assert(
            fc.property(arbitrary, (args) => {
              expect(guard.validate(args)).toEqual({ valid: true });
            }),
            { numRuns: 200 },
          );
        }
      });
    });

    it('offers harvested paths to every tool that takes a path', () => {
      const pathTools = serverFilesystem.tools.filter((tool) =>
        JSON.stringify(tool.inputSchema).includes('"path"'),
      );
      expect(pathTools.length).toBeGreaterThan(5);
      for (const tool of pathTools) {
        const { arbitrary } = expectOk(argumentsFor(tool, POOL));
        const samples = fc.sample(arbitrary, { seed: 9, numRuns: 100 });
        expect(
          samples.some((args) => args.path === '{fs}/notes/a.md'),
          tool.name,
        ).toBe(true);
      }
    });

    it('offers harvested paths to move_file source and destination', () => {
      const moveFile = serverFilesystem.tools.find((tool) => tool.name === 'move_file');
      const { arbitrary } = expectOk(argumentsFor(moveFile ?? { name: 'missing', inputSchema: {} }, POOL));
      const samples = fc.sample(arbitrary, { seed: 9, numRuns: 200 });
      expect(samples.some((args) => args.source === 'notes/a.md')).toBe(true);
      expect(
        samples.some((args) => typeof args.destination === 'string' && args.destination.includes('/hp-')),
      ).toBe(true);
    });
  });
});
