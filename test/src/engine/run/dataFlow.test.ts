import { describe, expect, it } from 'vitest';
import { extendSeenValues, seenFrom, valuesIn, valuesInArguments } from '../../../../src/generate/index.js';
import { suppliersInHistory, suppliersOf } from '../../../../src/engine/run/dataFlow.js';

describe('data flow: which earlier calls supplied the values a call used', () => {
  const pool = extendSeenValues(
    [
      ...seenFrom(valuesIn({ requestId: 'req-1', tasks: [{ id: 'task-1' }] }), 'request_planning', 'answer'),
      ...seenFrom(
        valuesInArguments({ name: 'Alice', dir: '{fs}' }, 'create_entity'),
        'create_entity',
        'arguments',
      ),
    ],
    // Seen again later: the first place counts.
    seenFrom(valuesIn({ requestId: 'req-1' }), 'list_requests', 'answer'),
  );

  it('names the tool whose answer or accepted arguments first held each value, in argument order', () => {
    expect(suppliersOf({ requestId: 'req-1', taskId: 'task-1' }, pool, 'delete_task')).toEqual([
      'request_planning',
    ]);
    expect(suppliersOf({ from: 'Alice', items: [{ id: 'task-1' }] }, pool, 'relate')).toEqual([
      'create_entity',
      'request_planning',
    ]);
  });

  it('never the caller itself, nor a bare sandbox root, nor values the run never saw', () => {
    expect(suppliersOf({ requestId: 'req-1' }, pool, 'request_planning')).toEqual([]);
    expect(suppliersOf({ dir: '{fs}', n: 3, other: 'req-9' }, pool, 'list_dir')).toEqual([]);
  });
});

describe("data flow in a history: the calls a contradiction's values came from", () => {
  const history = [
    { tool: 'add', args: { url: 'u1' }, changed: true, answered: ['added b1'] },
    { tool: 'add', args: { url: 'u2' }, changed: true, answered: ['added b10'] },
    { tool: 'list', args: {}, changed: false, answered: ['b1 b10'] },
    { tool: 'mkdir', args: { path: '{fs}/d' }, changed: true, answered: [] },
    { tool: 'write', args: { path: '{fs}/d/f', text: 'x' }, changed: true, answered: [] },
    { tool: 'add', args: { url: 'u1' }, changed: true, answered: ['added b2'] },
  ];
  const all = history.map((_, index) => index);

  it.each([
    ['an id an answer named as a word of its own (b1, not b10)', [{ id: 'b1' }], [0]],
    ['the latest call that made it, not a read that listed it', [{ id: 'b10' }], [1]],
    ['a path, then the calls that made the values of its own arguments', [{ path: '{fs}/d/f' }], [4]],
    ['nothing when no changing call made the value', [{ id: 'b7' }], []],
    ['nothing for a bare sandbox root', [{ path: '{fs}' }], []],
    ["values of the run's preamble calls too", [{ id: 'b2' }, { id: 'b1' }], [0, 5]],
  ])('%s', (_, args, expected) => {
    expect(suppliersInHistory(all, history, args)).toEqual(expected);
  });

  it('numbers too, and a call that took the value as an argument does not hide the one that made it', () => {
    const todos = [
      { tool: 'add', args: { title: 'milk' }, changed: true, answered: ['2', 'milk'] },
      { tool: 'add', args: { title: 'tea' }, changed: true, answered: ['3', 'tea'] },
      { tool: 'complete', args: { id: 2 }, changed: true, answered: ['done'] },
    ];
    expect(suppliersInHistory([0, 1, 2], todos, [{ id: 2, title: 'x' }])).toEqual([0, 2]);
  });

  it("follows a maker's own arguments back to the calls that made them", () => {
    const chain = [
      { tool: 'mkdir', args: { path: 'd' }, changed: true, answered: ['made d'] },
      { tool: 'touch', args: { dir: 'd', name: 'f' }, changed: true, answered: ['made d/f as f1'] },
      { tool: 'touch', args: { dir: 'e', name: 'g' }, changed: true, answered: ['made e/g as f2'] },
    ];
    expect(suppliersInHistory([0, 1, 2], chain, [{ file: 'f1' }])).toEqual([0, 1]);
    // Only among the candidates left.
    expect(suppliersInHistory([1, 2], chain, [{ file: 'f1' }])).toEqual([1]);
  });
});
