import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  argumentsFor,
  extendSeenValues,
  LiveChoice,
  liveChoice,
  seenFrom,
  resolveLiveChoices,
  SEEN_VALUES_LIMIT,
  valuesIn,
  valuesInArguments,
} from '../../../src/generate/index.js';
import type { SeenValue } from '../../../src/generate/index.js';

/** What a task manager's planning tool answers: a request id, and the ids of the tasks it planned. */
const planned = {
  status: 'planned',
  requestId: 'req-1',
  tasks: [
    { id: 'task-1', title: 'a' },
    { id: 'task-2', title: 'b' },
  ],
};

const answerPool = (): SeenValue[] =>
  extendSeenValues([], seenFrom(valuesIn(planned), 'request_planning', 'answer'));

/** Every value a live choice of `property` can resolve to, over every index fast-check may generate. */
function reachable(property: string | undefined, pool: readonly SeenValue[], caller?: string): string[] {
  const values = new Set<string>();
  for (let index = 0; index < SEEN_VALUES_LIMIT; index++) {
    const choice = new LiveChoice(index, ['identifier'], 'fallback', () => true, property);
    values.add(resolveLiveChoices<unknown>(choice, pool, [], caller) as string);
  }
  return [...values].sort();
}

describe('live choices prefer values seen under the property’s own name', () => {
  it('fills requestId only with the request id an answer gave, taskId only with the ids of its tasks', () => {
    const pool = answerPool();
    // By kind alone, any identifier would do: a task id sent as a request id.
    expect(reachable(undefined, pool)).toEqual(['req-1', 'task-1', 'task-2']);
    expect(reachable('requestid', pool)).toEqual(['req-1']);
    expect(reachable('taskid', pool)).toEqual(['task-1', 'task-2']);
  });

  it('falls back to the choice by kind when no value was seen under the name', () => {
    expect(reachable('noteid', answerPool())).toEqual(['req-1', 'task-1', 'task-2']);
  });

  it('normalises the property name, and resolves the same index to the same value every time', () => {
    const arbitrary = liveChoice(['identifier'], fc.constant('fallback'), () => true, 'Request_ID');
    const choices = fc.sample(arbitrary, { seed: 3, numRuns: 20 });
    const pool = answerPool();
    for (const choice of choices) {
      expect(choice.property).toBe('requestid');
      expect(resolveLiveChoices(choice, pool)).toBe('req-1');
    }
    const again = fc.sample(arbitrary, { seed: 3, numRuns: 20 });
    expect(again.map((choice) => choice.index)).toEqual(choices.map((choice) => choice.index));
  });

  it('keeps to what the schema accepts: a named value that does not fit is not taken', () => {
    const choice = new LiveChoice(0, ['identifier'], 'fallback', (value) => value.length > 5, 'requestid');
    // req-1 is too short; no other value has the name, so the choice by kind applies.
    expect(['task-1', 'task-2']).toContain(resolveLiveChoices(choice, answerPool()));
  });

  it('does not offer a tool what it took itself under that name: a delete would name what it deleted', () => {
    const deleted = seenFrom(
      valuesInArguments({ requestId: 'req-1', taskId: 'task-1' }, 'delete_task'),
      'delete_task',
      'arguments',
    );
    const pool = extendSeenValues(answerPool(), deleted);
    // task-1 now also answers to `taskid` through delete_task's own arguments, and to it through `tasks`.
    expect(reachable('taskid', pool, 'delete_task')).toEqual(['task-1', 'task-2']);
    const onlyTaken = extendSeenValues(
      [],
      [...deleted, ...seenFrom(valuesIn({ other: 'x-9' }), 'list', 'answer')],
    );
    expect(reachable('taskid', onlyTaken, 'delete_task')).toEqual(['req-1', 'task-1']);
    expect(reachable('taskid', onlyTaken, 'update_task')).toEqual(['task-1']);
  });

  it('does not offer a tool what it answered itself under that name: a create would make it again', () => {
    expect(reachable('requestid', answerPool(), 'request_planning')).toEqual(['req-1', 'task-1', 'task-2']);
  });

  it('an id’s other draws take values seen under its name too, and keep their own value while there are none', () => {
    const only = (index: number) =>
      new LiveChoice(index, ['identifier'], 'generated', () => true, 'requestid', true);
    for (const index of [0, 1, 2, 199]) {
      expect(resolveLiveChoices<unknown>(only(index), answerPool())).toBe('req-1');
      expect(resolveLiveChoices<unknown>(only(index), [])).toBe('generated');
      // Identifiers seen, none under the name: the generated value, not a task id.
      const tasksOnly = extendSeenValues(
        [],
        seenFrom(valuesIn({ tasks: [{ id: 'task-1' }] }), 'plan', 'answer'),
      );
      expect(resolveLiveChoices<unknown>(only(index), tasksOnly)).toBe('generated');
    }
  });

  it('a value seen again keeps its first place and gains the new one, bounded', () => {
    const again = extendSeenValues(
      answerPool(),
      seenFrom(valuesIn({ requestId: 'req-1', task: { id: 'task-1' } }), 'get_next_task', 'answer'),
    );
    expect(again.find((entry) => entry.value === 'task-1')?.sources).toEqual([
      { names: ['id', 'taskid'], tool: 'request_planning', from: 'answer' },
      { names: ['id', 'taskid'], tool: 'get_next_task', from: 'answer' },
    ]);
    let pool = answerPool();
    for (let i = 0; i < 10; i++)
      pool = extendSeenValues(pool, seenFrom(valuesIn({ requestId: 'req-1' }), `t${i}`, 'answer'));
    expect(pool.find((entry) => entry.value === 'req-1')?.sources).toHaveLength(4);
  });

  it('generates live choices that carry the name of the property they fill', () => {
    const tool = {
      name: 'delete_task',
      inputSchema: {
        type: 'object',
        properties: { requestId: { type: 'string' }, taskId: { type: 'string' } },
        required: ['requestId', 'taskId'],
      },
    };
    const generated = argumentsFor(tool, [], { live: true });
    if (!generated.ok) throw new Error(generated.reason);
    const samples = fc.sample(generated.arbitrary, { seed: 7, numRuns: 100 });
    const request = samples.map((args) => args.requestId).find((value) => value instanceof LiveChoice);
    const task = samples.map((args) => args.taskId).find((value) => value instanceof LiveChoice);
    expect(request?.property).toBe('requestid');
    // Both draws of an id are live: one among every value (named first), one among named values only.
    const requests = samples.map((args) => args.requestId).filter((value) => value instanceof LiveChoice);
    expect(new Set(requests.map((choice) => choice.onlyNamed))).toEqual(new Set([true, false]));
    expect(task?.property).toBe('taskid');
  });
});

describe('an id property of a tool takes ids that tools about the same thing showed', () => {
  const seen = (tool: string, value: string, names: string[]): SeenValue[] =>
    seenFrom([{ kind: 'identifier', value, names }], tool, 'answer');
  const pool = extendSeenValues(
    [],
    [
      ...seen('add_task', 'k9x2', ['aufgabeid', 'addid', 'taskid']),
      ...seen('save_note', 'n7q2', ['saveid', 'noteid']),
    ],
  );

  it('fills complete_task’s `id` with the task id, delete_note’s `id` with the note id', () => {
    expect(reachable('id', pool, 'complete_task')).toEqual(['k9x2']);
    expect(reachable('id', pool, 'delete_note')).toEqual(['n7q2']);
    expect(reachable('taskid', pool, 'complete')).toEqual(['k9x2']);
  });

  it('takes any id by kind when the caller names nothing the pool knows', () => {
    expect(reachable('id', pool, 'purge')).toEqual(['k9x2', 'n7q2']);
  });
});
