import { describe, expect, it } from 'vitest';
import { extendSeenValues, seenFrom, valuesIn, valuesInArguments } from '../../../src/generate/index.js';
import { suppliersOf } from '../../../src/engine/dataFlow.js';

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
