import { describe, expect, it } from 'vitest';
import { normalisedName, sourceNames } from '../../../src/generate/sourceNames.js';

describe('the names a value answers to', () => {
  it('compares names loosely: case, underscores, dashes and spaces aside', () => {
    expect(['requestId', 'request_id', 'Request-ID', 'REQUEST ID'].map(normalisedName)).toEqual([
      'requestid',
      'requestid',
      'requestid',
      'requestid',
    ]);
  });

  it('is the key itself, and for an identity key inside a plural or singular holder, the holder’s own', () => {
    expect(sourceNames('requestId', undefined)).toEqual(['requestid']);
    expect(sourceNames('requestId', 'tasks')).toEqual(['requestid']);
    expect(sourceNames('id', 'tasks')).toEqual(['id', 'taskid']);
    expect(sourceNames('id', 'task')).toEqual(['id', 'taskid']);
    expect(sourceNames('name', 'entities')).toEqual(['name', 'entityname']);
    expect(sourceNames('id', 'boxes')).toEqual(['id', 'boxid']);
    expect(sourceNames('id', 'new_tasks')).toEqual(['id', 'newtaskid']);
    expect(sourceNames('id', 'address')).toEqual(['id', 'addressid']);
    expect(sourceNames('id', undefined)).toEqual(['id']);
  });

  it('is nothing without a key', () => {
    expect(sourceNames(undefined, 'tasks')).toEqual([]);
    expect(sourceNames('__', undefined)).toEqual([]);
  });
});
