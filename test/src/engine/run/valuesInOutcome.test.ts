import { describe, expect, it } from 'vitest';
import {
  leavesOfOutcome,
  parsedOutcome,
  valuesInOutcome,
} from '../../../../src/engine/run/valuesInOutcome.js';

const returned = (text: string, structuredContent?: unknown) => ({
  status: 'returned' as const,
  isError: false,
  text,
  ...(structuredContent === undefined ? {} : { structuredContent }),
});

describe('values in an answer', () => {
  it('parses the whole text as JSON, else each line, and keeps structured content', () => {
    expect(parsedOutcome(returned('{"id":"b1"}'))).toEqual([{ id: 'b1' }]);
    expect(parsedOutcome(returned('created:\n{"id":"b2"}\nok'))).toEqual([{ id: 'b2' }]);
    expect(parsedOutcome(returned('[]', { id: 'b3' }))).toEqual([{ id: 'b3' }, []]);
  });

  it('offers string leaves by kind; a plain short answer is one text value; failures offer nothing', () => {
    expect(valuesInOutcome(returned('{"id":"b1","title":"Docs"}'))).toEqual([
      { kind: 'identifier', value: 'b1', names: ['id'] },
      { kind: 'name', value: 'Docs', names: ['title'] },
    ]);
    expect(valuesInOutcome(returned('done'))).toEqual([{ kind: 'text', value: 'done' }]);
    expect(valuesInOutcome({ status: 'returned', isError: true, text: '{"id":"x"}' })).toEqual([]);
    expect(valuesInOutcome({ status: 'timeout', seconds: 1 })).toEqual([]);
  });

  it('offers each UUID of a Markdown answer as an identifier, and only whole ones', () => {
    const id = '5F0C2A9E-1B7D-4C3A-9E2F-0A1B2C3D4E5F';
    const text = `## Task created\n- \`${id}\`: plan (parent ${id})\n- not one: ${id.slice(1)}0a, x${id}-1`;
    expect(valuesInOutcome(returned(text)).filter((value) => value.kind === 'identifier')).toEqual([
      { kind: 'identifier', value: id },
    ]);
    expect(leavesOfOutcome(returned(text))).toContain(id);
  });
});
