import { describe, expect, it } from 'vitest';
import {
  leavesOfOutcome,
  observableValuesInOutcome,
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

  it('offers a UUID of a Markdown answer first, whole, and no UUID cut out of a longer token', () => {
    const id = '5F0C2A9E-1B7D-4C3A-9E2F-0A1B2C3D4E5F';
    const text = `## Task created\n- \`${id}\`: plan (parent ${id})\n- not one: ${id.slice(1)}0a, x${id}-1`;
    const ids = valuesInOutcome(returned(text)).filter((value) => value.kind === 'identifier');
    expect(ids[0]).toEqual({ kind: 'identifier', value: id });
    expect(ids.filter((value) => value.value === id)).toHaveLength(1);
    expect(ids.map((value) => value.value)).not.toContain(id.slice(1));
    expect(leavesOfOutcome(returned(text))).toContain(id);
  });

  it('offers ids shown only in prose, answering to the words of the tool that showed them', () => {
    expect(valuesInOutcome(returned('Erstellt: Aufgabe k9x2 (Einkaufen)'), 'add_task')[0]).toEqual({
      kind: 'identifier',
      value: 'k9x2',
      names: ['aufgabeid', 'addid', 'taskid'],
    });
    expect(leavesOfOutcome(returned('已创建 任务 #41'))).toEqual(['已创建 任务 #41', '41']);
  });

  it('reads the sentences of a JSON answer for ids that look like ids by their shape alone', () => {
    const answer = returned('{"ok":true,"message":"Task x7k2p saved after 3 tries"}');
    const values = valuesInOutcome(answer, 'save_task').map((value) => value.value);
    expect(values).toContain('x7k2p');
    expect(values).not.toContain('3');
  });

  it('fills value observers only with what an answer states as data: JSON leaves, whole text, UUIDs', () => {
    const id = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    expect(observableValuesInOutcome(returned(`Resource 5 (${id}) is ready`))).toEqual([
      { kind: 'identifier', value: id },
      { kind: 'text', value: `Resource 5 (${id}) is ready` },
    ]);
    expect(observableValuesInOutcome(returned('{"id":"b1"}'))).toEqual([
      { kind: 'identifier', value: 'b1', names: ['id'] },
    ]);
  });
});
