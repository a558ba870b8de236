import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Change } from '../../../../harness/index.js';
import type { ToolInfo } from '../../../../src/mcp/index.js';
import {
  aloneBudget,
  MAX_PREAMBLE,
  preambleArbitrary,
  preambleCandidates,
  PRODUCER_WEIGHT,
  producedState,
} from '../../../../src/engine/search/preamblePlan.js';

const tool = (name: string, annotations?: Record<string, boolean>): ToolInfo => ({
  name,
  inputSchema: { type: 'object' },
  annotations,
});
const tools = [
  tool('add_item', { readOnlyHint: false }),
  tool('list_items', { readOnlyHint: true }),
  tool('remove_item'),
  tool('peek', { readOnlyHint: true }),
];
const change = (kind: Change['kind']): Change => ({ kind, environment: 'fs', entity: 'a', detail: '' });

describe('preamble plans', () => {
  it('draws on every tool that does not claim read-only, producers weighted up, in the server order', () => {
    expect(preambleCandidates(tools, new Set())).toEqual([
      { tool: 'add_item', weight: 1 },
      { tool: 'remove_item', weight: 1 },
    ]);
    // A producer is favoured, even one that claims read-only (a lying reader still builds state).
    expect(preambleCandidates(tools, new Set(['peek', 'add_item']))).toEqual([
      { tool: 'add_item', weight: PRODUCER_WEIGHT },
      { tool: 'remove_item', weight: 1 },
      { tool: 'peek', weight: PRODUCER_WEIGHT },
    ]);
  });

  it('spends a fifth of the budget (at least one run) on commands alone', () => {
    expect(aloneBudget(25)).toBe(5);
    expect(aloneBudget(3)).toBe(1);
    expect(aloneBudget(1)).toBe(1);
  });

  it('counts adds and appends as produced state, nothing else', () => {
    expect(producedState([change('add')])).toBe(true);
    expect(producedState([change('append')])).toBe(true);
    expect(producedState([change('modify'), change('delete'), change('counter')])).toBe(false);
  });

  it('generates up to MAX_PREAMBLE calls (rarely none), favouring the heavier candidates', () => {
    const arbitrary = preambleArbitrary([
      { tool: 'add_item', weight: PRODUCER_WEIGHT, arbitrary: fc.constant({ n: 1 }) },
      { tool: 'remove_item', weight: 1, arbitrary: fc.constant({ n: 2 }) },
    ]);
    const samples = fc.sample(arbitrary, { seed: 3, numRuns: 500 });
    const calls = samples.flat();
    expect(samples.every((calls) => calls.length <= MAX_PREAMBLE)).toBe(true);
    const empty = samples.filter((calls) => calls.length === 0).length;
    expect(empty).toBeGreaterThan(0);
    expect(empty / samples.length).toBeLessThan(0.1);
    const adds = calls.filter((call) => call.tool === 'add_item').length;
    expect(adds / calls.length).toBeGreaterThan(0.65);
    expect(calls.some((call) => call.tool === 'remove_item')).toBe(true);
  });

  it('shrinks to the one call a failure needs, wherever it stood in the sequence', () => {
    const arbitrary = preambleArbitrary([
      { tool: 'add_item', weight: 1, arbitrary: fc.constant({}) },
      { tool: 'remove_item', weight: 1, arbitrary: fc.constant({}) },
      { tool: 'rename_item', weight: 1, arbitrary: fc.constant({}) },
    ]);
    const needsRename = (calls: Array<{ tool: string }>) =>
      !calls.some((call) => call.tool === 'rename_item');
    const details = fc.check(fc.property(arbitrary, needsRename), { seed: 11, numRuns: 200 });
    expect(details.failed).toBe(true);
    expect(details.counterexample?.[0]).toEqual([{ tool: 'rename_item', args: {} }]);
  });
});
