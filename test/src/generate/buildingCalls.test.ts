import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentsFor } from '../../../src/generate/index.js';
import { POOL } from './schemas.js';

/** mcp-memory-libsql's create_entities: every entity needs a name, a type and one observation, none blank. */
const CREATE_ENTITIES = {
  name: 'create_entities',
  inputSchema: {
    type: 'object',
    properties: {
      entities: {
        type: 'array',
        maxItems: 50,
        items: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 256 },
            entityType: { type: 'string', maxLength: 256 },
            observations: { type: 'array', items: { type: 'string', maxLength: 4096 }, maxItems: 100 },
          },
          required: ['name', 'entityType', 'observations'],
        },
      },
    },
    required: ['entities'],
  },
};

type Entity = { name: string; entityType: string; observations: string[] };

function sample(building: boolean): Array<{ entities: Entity[] }> {
  const generated = argumentsFor(CREATE_ENTITIES, POOL, { building });
  if (!generated.ok) throw new Error(generated.reason);
  return fc.sample(generated.arbitrary, { seed: 5, numRuns: 300 }) as Array<{ entities: Entity[] }>;
}

/** Whether a call could create something: some entity, each with a visible name, type and observation. */
const builds = ({ entities }: { entities: Entity[] }) =>
  entities.length > 0 &&
  entities.every(
    (entity) =>
      entity.name.trim() !== '' &&
      entity.entityType.trim() !== '' &&
      entity.observations.length > 0 &&
      entity.observations.every((text) => text.trim() !== ''),
  );

describe('arguments for calls made to build state (preambles)', () => {
  it('hold at least one item in every array and no blank string', () => {
    const calls = sample(true);
    expect(calls.every(builds)).toBe(true);
  });

  it('differ from a checked command, whose arrays may be empty and strings blank', () => {
    const calls = sample(false);
    expect(calls.some(({ entities }) => entities.length === 0)).toBe(true);
    expect(calls.filter(builds).length).toBeLessThan(calls.length / 2);
  });

  it('still leave an array empty where maxItems is 0, and a string empty where maxLength is 0', () => {
    const generated = argumentsFor(
      {
        name: 't',
        inputSchema: {
          type: 'object',
          properties: { none: { type: 'array', maxItems: 0 }, blank: { type: 'string', maxLength: 0 } },
          required: ['none', 'blank'],
        },
      },
      [],
      { building: true },
    );
    if (!generated.ok) throw new Error(generated.reason);
    expect(fc.sample(generated.arbitrary, { seed: 1, numRuns: 20 })).toContainEqual({ none: [], blank: '' });
  });
});
