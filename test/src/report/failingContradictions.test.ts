import { describe, expect, it } from 'vitest';
import { failingContradictions } from '../../../src/report/failingContradictions.js';
import { cleanReport, report } from './fixtures.js';

const names = (failOn?: Parameters<typeof failingContradictions>[1]) =>
  failingContradictions(report, failOn).map(({ tool, hint }) => `${tool.name}:${hint}`);

describe('failingContradictions (--fail-on)', () => {
  it('fails on every contradiction by default and at low', () => {
    const every = ['read_note:readOnlyHint', 'delete_note:destructiveHint', 'append_log:idempotentHint'];
    expect(names()).toEqual(every);
    expect(names('low')).toEqual(every);
    expect(names('medium')).toEqual(every);
  });

  it('leaves out the contradictions below the threshold', () => {
    // The fixture's two critical contradictions (9.3, 9.1) and one medium (5.0).
    expect(names('high')).toEqual(['read_note:readOnlyHint', 'delete_note:destructiveHint']);
    expect(names('critical')).toEqual(['read_note:readOnlyHint', 'delete_note:destructiveHint']);
    const mediumOnly = { ...report, tools: report.tools.filter((tool) => tool.name === 'append_log') };
    expect(failingContradictions(mediumOnly, 'high')).toEqual([]);
    expect(failingContradictions(mediumOnly, 'medium')).toHaveLength(1);
  });

  it('finds nothing in a clean report', () => {
    expect(failingContradictions(cleanReport, 'low')).toEqual([]);
  });
});
